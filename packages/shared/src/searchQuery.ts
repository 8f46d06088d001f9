import { getQueryBonusTokens, tokenizeSearchQuery } from './searchTokens.js';

/** What a search gives per result: its id and score (MiniSearch adds the stored fields). */
export interface ScoredResult {
  id: unknown;
  score: number;
}

/** The part of a MiniSearch index a query uses (typed here so that this package needs no MiniSearch). */
export interface SearchableIndex<Result extends ScoredResult> {
  search(query: string, options: Record<string, unknown>): Result[];
}

/** Field boosts: a match in the title counts most, then in a heading, then in code, then in text. */
export const SEARCH_BOOST = { title: 3, heading: 2, code: 1.5 } as const;

/**
 * Runs a query against a scope's index, as the search dialog and the relevance test do: every
 * token of the query must match (a Latin word also as a prefix), and a result that also matches
 * the query's bonus tokens (`getQueryBonusTokens`: its Korean stems as whole words, its words as
 * typed) gets their score on top of its own: 캐시를 finds 캐시는 and 캐시, and ranks the word 캐시
 * above 캐시 inside a compound, and 캐시를 as typed above both.
 */
export function runSearchQuery<Result extends ScoredResult>(index: SearchableIndex<Result>, query: string): Result[] {
  const results = index.search(query, { prefix: true, combineWith: 'AND', boost: SEARCH_BOOST, tokenize: tokenizeSearchQuery });
  const bonusTokens = getQueryBonusTokens(query);
  if (bonusTokens.length === 0 || results.length === 0) return results;
  const bonus = new Map<unknown, number>();
  for (const result of index.search(bonusTokens.join(' '), {
    prefix: false,
    combineWith: 'OR',
    boost: SEARCH_BOOST,
    tokenize: () => bonusTokens,
  })) {
    bonus.set(result.id, result.score);
  }
  return results.map((result) => ({ ...result, score: result.score + (bonus.get(result.id) ?? 0) })).sort((a, b) => b.score - a.score);
}
