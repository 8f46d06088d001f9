/**
 * Search helpers for the lazily loaded search dialog. A separate entry (`@docgen/client/search`)
 * so that nothing of it joins the first-load bundle.
 */
import { getSearchFileUrl, type SearchFileSource } from '@docgen/shared/search';

export {
  createShardedSearch,
  getDocsSearchScope,
  getHighlightPattern,
  getSearchFileUrl,
  getSearchIndexUrl,
  type SearchManifest,
  type ShardedSearch,
} from '@docgen/shared/search';

/**
 * The search files of the site at `siteBaseUrl`, over HTTP. A detail chunk is a byte range of its
 * pack, asked for with `Range`. A host without ranges answers the first request of a pack with
 * the whole pack (200): it is kept, and the pack's other chunks are cut from it. So the other
 * chunks of a pack wait for its first answer, to learn which kind of host it is.
 */
export function createSearchFileSource(siteBaseUrl: string): SearchFileSource {
  /** Per pack, its first answer: the whole pack, or undefined when the host answered a range. */
  const firstAnswers = new Map<string, Promise<Uint8Array<ArrayBuffer> | undefined>>();
  const fetchOk = async (url: string, init?: RequestInit) => {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
    return response;
  };
  const fetchRange = async (url: string, start: number, end: number) => {
    const response = await fetchOk(url, { headers: { Range: `bytes=${start}-${end - 1}` } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return response.status === 206 ? { bytes } : { bytes: bytes.subarray(start, end), whole: bytes };
  };
  const fetchChunk = async (url: string, start: number, end: number): Promise<Uint8Array<ArrayBuffer>> => {
    const first = firstAnswers.get(url);
    if (first) {
      const whole = await first;
      return whole ? whole.subarray(start, end) : (await fetchRange(url, start, end)).bytes;
    }
    const answer = fetchRange(url, start, end);
    const answered = answer.then(({ whole }) => whole);
    firstAnswers.set(url, answered);
    answered.catch(() => firstAnswers.delete(url));
    return (await answer).bytes;
  };
  return {
    json: async (name) => (await fetchOk(getSearchFileUrl(siteBaseUrl, name))).json() as Promise<unknown>,
    chunk: async (name, start, end) => {
      const packed = await fetchChunk(getSearchFileUrl(siteBaseUrl, name), start, end);
      if (packed.length !== end - start) throw new Error(`The search file ${name} holds no bytes ${start}-${end - 1}`);
      const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate'));
      return JSON.parse(await new Response(unpacked).text()) as unknown;
    },
  };
}
