/**
 * The live channel of `serve --watch`: the server-sent events that reload open pages after a save
 * (`reload`), show a failed build's overlay and list broken links, and how a rebuild waits for the
 * reloading pages to be served.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getLiveClient, type LinkProblemsReport, type OverlayReport } from './overlay.js';

/** Where pages connect to the channel. */
export const LIVE_PATH = '/__docgen/live';

/**
 * After a reload message, how the rest of a rebuild waits for the reloading pages to be served
 * (its main-thread work would hold their requests up): at least MIN_MS for the browsers to ask,
 * then until no request is open and none came for QUIET_MS, at most MAX_MS.
 */
const RELOAD_SETTLE = { MIN_MS: 40, QUIET_MS: 30, MAX_MS: 500, POLL_MS: 5 };

export type LiveChannel = ReturnType<typeof createLiveChannel>;

/**
 * The channel, with a new token: only pages of this server hold it (a page of another origin
 * cannot read it), and a request with a foreign Origin is refused.
 */
export function createLiveChannel() {
  const token = randomBytes(24).toString('hex');
  const isToken = (given: string | null) => {
    const bytes = Buffer.from(given ?? '');
    return bytes.length === token.length && timingSafeEqual(bytes, Buffer.from(token));
  };
  const clients = new Set<ServerResponse>();
  // What a page connecting now is told at once: the last build's error, its broken links.
  let error: OverlayReport | undefined;
  let links: LinkProblemsReport | undefined;
  const requests = createRequestTracker();
  const send = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  return {
    token,
    /** The script every served page gets: it connects to the channel and shows what it says. */
    client: getLiveClient(LIVE_PATH, token),
    /** The last build's error, shown by every page until a build succeeds. */
    get error(): OverlayReport | undefined {
      return error;
    },
    /** Counts a request the server answers (see reload). */
    track: requests.track,

    /** Answers a request for LIVE_PATH: the channel, for a page of this server that holds the token. */
    connect(request: IncomingMessage, response: ServerResponse): void {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const origin = request.headers.origin;
      const ownOrigin = `http://${request.headers.host}`;
      if (!isToken(url.searchParams.get('token')) || (origin !== undefined && origin !== ownOrigin)) {
        response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden\n');
        return;
      }
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      response.write(': connected\n\n');
      if (error !== undefined) response.write(`event: build-error\ndata: ${JSON.stringify(error)}\n\n`);
      if (links !== undefined) response.write(`event: link-problems\ndata: ${JSON.stringify(links)}\n\n`);
      clients.add(response);
      request.on('close', () => clients.delete(response));
    },

    /** Shows a failed build's report on every open page (and on those that connect later). */
    fail(report: OverlayReport): void {
      error = report;
      send('build-error', report);
    },

    /**
     * The pages of a successful run are written: the error is over (a page reloading now connects
     * before the run returns, and must not be shown it again), and open pages reload when the run
     * changed what they show. Settles once the reloading pages were served.
     */
    async pagesWritten(reload: boolean): Promise<void> {
      const hadError = error !== undefined;
      error = undefined;
      if (hadError) send('build-ok', {});
      if (!(reload || hadError)) return;
      send('reload', {});
      // The rest of the rebuild waits until the pages reloading have been served.
      if (clients.size > 0) await requests.settle(performance.now());
    },

    /** A run succeeded: its broken links, listed in every page. */
    built(report: LinkProblemsReport): void {
      error = undefined;
      links = report;
      send('link-problems', report);
    },

    close(): void {
      for (const client of clients) client.end();
    },
  };
}

/** Counts the requests a server is answering, and when the last one came. */
function createRequestTracker() {
  let open = 0;
  let lastAt = 0;
  return {
    track(response: ServerResponse): void {
      open++;
      lastAt = performance.now();
      let done = false;
      const end = () => {
        if (!done) open--;
        done = true;
      };
      response.once('finish', end).once('close', end);
    },
    /** Resolves once the server has been quiet (see RELOAD_SETTLE) since `since`. */
    async settle(since: number): Promise<void> {
      const { MIN_MS, QUIET_MS, MAX_MS, POLL_MS } = RELOAD_SETTLE;
      for (;;) {
        const now = performance.now();
        if (now - since >= MAX_MS) return;
        if (now - since >= MIN_MS && open === 0 && now - lastAt >= QUIET_MS) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}
