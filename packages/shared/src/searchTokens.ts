/**
 * Tokenizer of docgen's search, shared by the index builder and the browser so both split text
 * the same way.
 *
 * Korean is written with particles and endings attached to words (토큰을, 토큰으로, 갱신하려면)
 * and with free spacing (분석옵션, 분석 옵션). Whole-word tokens miss both, so Hangul is indexed as
 * character bigrams, including the bigram that spans a single space between two Hangul words.
 * Each word is also reduced to its stem (`stemKorean`): the query is made of its words' stems
 * (캐시를 -> 캐시, 토큰을 갱신하려면 -> 토큰 갱신), and the text adds the bigram that spans the
 * space after a stem (토큰을 갱신 -> 큰갱) and a whole-stem token (`=토큰`) that ranks a word
 * above a part of a compound. Latin text is lower-cased; identifiers also yield their camelCase
 * parts (analyzeCode -> analyzecode, analyze, code).
 */
import { stemKorean } from './koreanStem.js';

const HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/;
/** A Hangul run (words joined by single spaces), or a run of other letters and digits (identifiers). */
const SEGMENT =
  /[\uac00-\ud7a3\u3131-\u318e]+(?:\s[\uac00-\ud7a3\u3131-\u318e]+)*|(?:(?![\uac00-\ud7a3\u3131-\u318e])[\p{L}\p{N}_$])(?:(?![\uac00-\ud7a3\u3131-\u318e])[\p{L}\p{N}_$.+-])*/gu;

/** Marks the token of a whole Korean stem, apart from the bigrams (no bigram starts with it). */
export const STEM_MARK = '=';

/**
 * Stands in a search section's text where a site component (an MDX page's island) shows: the
 * component renders only once the site's components are bundled, after compiling, so the index
 * writer puts the component's text there (a private-use character, never in content).
 */
export const SEARCH_ISLAND_MARK = '\uE000';

function bigrams(joined: string, tokens: string[]) {
  if (joined.length === 1) tokens.push(joined);
  for (let index = 0; index < joined.length - 1; index++) tokens.push(joined.slice(index, index + 2));
}

/**
 * Receives the tokens of indexed text (see forEachIndexToken): a Hangul bigram as its two
 * character codes (no string is made for the millions of them a site has), any other token as a
 * string.
 */
export interface IndexTokenVisitor {
  pair(first: number, second: number): void;
  token(token: string): void;
}

/** Whether a character code is one of a Hangul run's (HANGUL), not a space between its words. */
function isHangulCode(code: number): boolean {
  return (code >= 0xac00 && code <= 0xd7a3) || (code >= 0x3131 && code <= 0x318e);
}

/** The tokens of a Hangul run in text: its bigrams, those after each stem, and its stems. */
function visitHangulRun(run: string, visit: IndexTokenVisitor): void {
  if (run.length === 1) {
    visit.token(run);
    return;
  }
  let previous = -1;
  for (let index = 0; index < run.length; index++) {
    const code = run.charCodeAt(index);
    if (!isHangulCode(code)) continue;
    if (previous !== -1) visit.pair(previous, code);
    previous = code;
  }
  // The words, between the single spaces of the run.
  let start = 0;
  for (let end = 0; end <= run.length; end++) {
    if (end < run.length && isHangulCode(run.charCodeAt(end))) continue;
    const word = run.slice(start, end);
    const stem = stemKorean(word);
    if (stem !== word && end < run.length) visit.pair(stem.charCodeAt(stem.length - 1), run.charCodeAt(end + 1));
    if (stem.length >= 2) visit.token(STEM_MARK + stem);
    start = end + 1;
  }
}

/** Whether a word is its only token: lower-case ASCII letters and digits only. */
const PLAIN_WORD = /^[a-z\d]+$/;

function latinTokens(word: string): string[] {
  if (PLAIN_WORD.test(word)) return [word];
  const trimmed = word.replace(/[.+-]+$/, '');
  if (trimmed === '') return [];
  const tokens = [trimmed.toLowerCase()];
  const parts = trimmed.split(/[._$+-]|(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter(Boolean);
  if (parts.length > 1) for (const part of parts) tokens.push(part.toLowerCase());
  return tokens;
}

/**
 * Visits the tokens of text as it is indexed (see the module comment), in the order
 * tokenizeForSearch lists them: what the index builder counts, without a string per bigram.
 */
export function forEachIndexToken(text: string, visit: IndexTokenVisitor): void {
  for (const match of text.matchAll(SEGMENT)) {
    const segment = match[0];
    if (isHangulCode(segment.charCodeAt(0))) visitHangulRun(segment, visit);
    else for (const token of latinTokens(segment)) visit.token(token);
  }
}

/** Splits text into search tokens, as it is indexed (see the module comment). */
export function tokenizeForSearch(text: string): string[] {
  const tokens: string[] = [];
  forEachIndexToken(text, {
    pair: (first, second) => tokens.push(String.fromCharCode(first, second)),
    token: (token) => tokens.push(token),
  });
  return tokens;
}

/** The tokens of a Hangul run in a query: the bigrams of its words' stems. */
function hangulQueryTokens(run: string): string[] {
  const tokens: string[] = [];
  bigrams(run.split(/\s/).map(stemKorean).join(''), tokens);
  return tokens;
}

/** Splits a query into the tokens every result must match (see the module comment). */
export function tokenizeSearchQuery(query: string): string[] {
  const tokens: string[] = [];
  for (const match of query.matchAll(SEGMENT)) {
    const segment = match[0];
    tokens.push(...(HANGUL.test(segment[0]!) ? hangulQueryTokens(segment) : latinTokens(segment)));
  }
  return tokens;
}

/**
 * The tokens that rank a result higher without being required: the whole stems of the query's
 * Korean words (`=캐시` for 캐시를), and the bigrams of the words as typed that its stems lack
 * (으로 of 토큰으로), so that the text as typed ranks first.
 */
export function getQueryBonusTokens(query: string): string[] {
  const tokens = new Set<string>();
  const required = new Set(tokenizeSearchQuery(query));
  for (const match of query.matchAll(SEGMENT)) {
    const segment = match[0];
    if (!HANGUL.test(segment[0]!)) continue;
    const surface: string[] = [];
    bigrams(segment.split(/\s/).join(''), surface);
    for (const token of surface) if (!required.has(token)) tokens.add(token);
    for (const word of segment.split(/\s/)) {
      const stem = stemKorean(word);
      if (stem.length >= 2) tokens.add(STEM_MARK + stem);
    }
  }
  return [...tokens];
}

/**
 * A pattern that finds the words of a query in text for highlighting: case-insensitive, Korean
 * words by their stem (캐시를 marks 캐시), and for Hangul tolerant of spaces between the
 * characters (분석옵션 marks "분석 옵션").
 */
export function getHighlightPattern(query: string): RegExp | undefined {
  const words = query
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => (HANGUL.test(word) ? stemKorean(word) : word))
    .map((word) => [...word].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(HANGUL.test(word) ? '\\s?' : ''));
  return words.length > 0 ? new RegExp(`(${words.join('|')})`, 'gi') : undefined;
}

/** The file (relative to the output folder) of a search index. */
export function getSearchIndexFilePath(buildId: string, locale: string, scope: string): string {
  return `_docgen/search/${buildId}/${locale}-${scope.replace(/[^\w.-]+/g, '-')}.json`;
}

/** The URL of a search index, under the site base URL. */
export function getSearchIndexUrl(siteBaseUrl: string, buildId: string, locale: string, scope: string): string {
  return siteBaseUrl + getSearchIndexFilePath(buildId, locale, scope);
}
