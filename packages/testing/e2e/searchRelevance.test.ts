import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createShardedSearch, SEARCH_FILES_DIR, type SearchManifest, type ShardedSearch } from '@docgen/shared/search';
import { REPO_ROOT } from '../src/paths.js';
import { createFolderSearchSource } from '../src/searchIndex.js';

/**
 * The relevance set (test/fixtures/search/relevance.json) against the search indexes of the
 * docs-content build: each query must have its page or section among the first three results.
 *
 * The index before Korean stemming (bigrams of the text as written, every bigram of the query
 * required) passed 45 of the 61 queries: it found nothing for the 16 with a particle or an ending
 * that the text does not have as typed (웹훅에서, 캐시를, 토큰을 갱신하려면, 분석했는데,
 * 토큰을 발급하려면, 재시도하려면, 폴링하려면, 지원하는 언어는, 클라이언트를 만들려면,
 * Node SDK를 설치하려면, 분석 범위를 조정하려면, 자산 목록을, 토큰이 만료되었다면,
 * 웹 애플리케이션을 분석하려면, sbom을 내려받으려면, and 토큰을 발급하려면 in 2504.1).
 */
interface RelevanceQuery {
  kind: string;
  index: string;
  query: string;
  expect: string;
}

const { queries } = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/testing/test/fixtures/search/relevance.json'), 'utf8')) as {
  queries: RelevanceQuery[];
};
const indexes = new Map<string, ShardedSearch>();
function loadIndex(name: string) {
  let index = indexes.get(name);
  if (!index) {
    const outDir = inject('outDir');
    const [buildId] = readdirSync(join(outDir, '_docgen/search')).filter((entry) => entry !== 'files');
    const manifest = JSON.parse(readFileSync(join(outDir, '_docgen/search', buildId!, `${name}.json`), 'utf8')) as SearchManifest;
    index = createShardedSearch(manifest, createFolderSearchSource(join(outDir, SEARCH_FILES_DIR)));
    indexes.set(name, index);
  }
  return index;
}

/** The URLs of the first three results, as the search dialog finds them. */
async function search(name: string, query: string) {
  const index = loadIndex(name);
  await index.load(query);
  return (
    await index.details(
      index
        .search(query)
        .slice(0, 3)
        .map((hit) => hit.id),
    )
  ).map((detail) => detail.url);
}

const isExpected = (url: string, expected: string) => (expected.includes('#') ? url === expected : url.split('#')[0] === expected);

describe('search relevance', () => {
  it('has at least 40 queries, of every kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(queries.map((query) => query.kind))).toEqual(
      new Set(['particle', 'ending', 'spacing', 'korean', 'mixed', 'api', 'error-code', 'english', 'version']),
    );
  });

  it.each(queries.map((query) => [query.index, query.query, query.expect] as const))(
    '%s: "%s" has %s in the first three',
    async (name, query, expected) => {
      const top = await search(name, query);
      expect(
        top.some((url) => isExpected(url, expected)),
        top.join(' | '),
      ).toBe(true);
    },
  );
});
