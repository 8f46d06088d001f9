import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port free on 127.0.0.1 right now: listens on port 0, notes the port and closes. */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No port from listening on port 0'))));
    });
  });
}

/**
 * GETs `url()` every `intervalMs` (after each answer, or after a refused connection) until an
 * answer passes `accept`, and resolves with the `performance.now()` at which that answer's body
 * had arrived. Bounded: rejects after `timeoutMs`, or as soon as `stop()` returns an error (e.g.
 * the server exited). Only for servers on this machine (loopback).
 */
export async function pollHttp(options: {
  url: () => string;
  intervalMs: number;
  timeoutMs: number;
  accept: (status: number, body: string) => boolean;
  stop?: () => Error | undefined;
}): Promise<number> {
  const deadline = performance.now() + options.timeoutMs;
  let last = 'no answer';
  for (;;) {
    const stopped = options.stop?.();
    if (stopped) throw new Error(`GET ${options.url()}: ${stopped.message} (last: ${last})`);
    if (performance.now() > deadline)
      throw new Error(`GET ${options.url()}: no acceptable answer in ${options.timeoutMs} ms (last: ${last})`);
    try {
      const response = await fetch(options.url(), { signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now()))) });
      const body = await response.text();
      if (options.accept(response.status, body)) return performance.now();
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).cause ? String((error as Error).cause) : String(error);
    }
    await sleep(options.intervalMs);
  }
}
