/**
 * Tokenizer of docgen's search, shared by the index builder and the browser so both split text
 * the same way.
 *
 * Korean is written with particles attached to words (토큰을, 토큰으로) and with free spacing
 * (분석옵션, 분석 옵션). Whole-word tokens miss both, so Hangul is indexed as character bigrams,
 * including the bigram that spans a single space between two Hangul words. Latin text is
 * lower-cased; identifiers also yield their camelCase parts (analyzeCode -> analyzecode, analyze, code).
 */
const HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/;
/** A Hangul run (words joined by single spaces), or a run of other letters and digits (identifiers). */
const SEGMENT =
  /[\uac00-\ud7a3\u3131-\u318e]+(?:\s[\uac00-\ud7a3\u3131-\u318e]+)*|(?:(?![\uac00-\ud7a3\u3131-\u318e])[\p{L}\p{N}_$])(?:(?![\uac00-\ud7a3\u3131-\u318e])[\p{L}\p{N}_$.+-])*/gu;

function hangulTokens(run: string): string[] {
  const words = run.split(/\s/);
  const tokens: string[] = [];
  const joined = words.join('');
  if (joined.length === 1) return [joined];
  for (let index = 0; index < joined.length - 1; index++) tokens.push(joined.slice(index, index + 2));
  return tokens;
}

function latinTokens(word: string): string[] {
  const trimmed = word.replace(/[.+-]+$/, '');
  if (trimmed === '') return [];
  const tokens = [trimmed.toLowerCase()];
  const parts = trimmed.split(/[._$+-]|(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter(Boolean);
  if (parts.length > 1) for (const part of parts) tokens.push(part.toLowerCase());
  return tokens;
}

/** Splits text into search tokens (see the module comment). */
export function tokenizeForSearch(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(SEGMENT)) {
    const segment = match[0];
    tokens.push(...(HANGUL.test(segment[0]!) ? hangulTokens(segment) : latinTokens(segment)));
  }
  return tokens;
}

/**
 * A pattern that finds the words of a query in text for highlighting: case-insensitive, and for
 * Hangul tolerant of spaces between the characters (분석옵션 marks "분석 옵션").
 */
export function getHighlightPattern(query: string): RegExp | undefined {
  const words = query
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => [...word].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(HANGUL.test(word) ? '\\s?' : ''));
  return words.length > 0 ? new RegExp(`(${words.join('|')})`, 'gi') : undefined;
}

/** Options the index builder and the browser must share to read the same index. */
export const SEARCH_INDEX_OPTIONS = {
  fields: ['title', 'heading', 'text', 'code'],
  storeFields: ['title', 'heading', 'url', 'text'],
} as const;

/** The file (relative to the output folder) of a search index. */
export function getSearchIndexFilePath(buildId: string, locale: string, scope: string): string {
  return `_docgen/search/${buildId}/${locale}-${scope.replace(/[^\w.-]+/g, '-')}.json`;
}

/** The URL of a search index, under the site base URL. */
export function getSearchIndexUrl(siteBaseUrl: string, buildId: string, locale: string, scope: string): string {
  return siteBaseUrl + getSearchIndexFilePath(buildId, locale, scope);
}
