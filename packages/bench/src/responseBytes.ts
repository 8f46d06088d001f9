import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * Records the gzip size of every response of a page from now on. The function it returns gives
 * the bytes of the responses so far and starts counting again: what a step of a search costs.
 */
export function recordResponseBytes(page: Page): () => Promise<number> {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    sizes.push(
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  return async () => (await Promise.all(sizes.splice(0))).reduce((sum, size) => sum + size, 0);
}
