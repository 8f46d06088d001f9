/**
 * A small Korean stemmer for search: it strips the particle (josa) and the predicate ending that
 * follow a word as it is written (웹훅에서 -> 웹훅, 토큰을 -> 토큰, 갱신하려면 -> 갱신,
 * 분석했는데 -> 분석), and nothing else. It is applied alike to the text indexed and to the
 * query, so the stem found is the same on both sides.
 *
 * It works from two committed lists, longest suffix first: a word loses its ending if it has one
 * (분석하는), else at most one particle and then at most one ending (갱신하기를). A stem keeps at least two syllables (결과, 경로, 속도 and 평가 end
 * like particles and stay whole), except after the particles in SAFE_AFTER_ONE, which follow
 * one-syllable nouns too (키를 -> 키). Words in KEEP_WHOLE and words ending with KEEP_ENDINGS are
 * loanwords or nouns whose last syllables look like a particle (게이트웨이, 도메인).
 */

/** Particles, including the common stacked ones (에서는 = 에서 + 는). */
export const KOREAN_PARTICLES: readonly string[] = [
  '에서부터',
  '으로부터',
  '에서는',
  '에서도',
  '에서의',
  '에게는',
  '에게도',
  '으로는',
  '으로도',
  '으로서',
  '으로써',
  '이라는',
  '이라고',
  '까지는',
  '부터는',
  '에서',
  '에게',
  '한테',
  '으로',
  '로는',
  '로도',
  '로서',
  '로써',
  '까지',
  '부터',
  '처럼',
  '보다',
  '이나',
  '이랑',
  '에는',
  '에도',
  '에의',
  '과는',
  '와는',
  '과의',
  '와의',
  '만의',
  '만큼',
  '마다',
  '조차',
  '밖에',
  '이란',
  '라는',
  '라고',
  '이며',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '의',
  '로',
  '와',
  '과',
  '도',
  '만',
  '나',
  '랑',
];

/** Endings of a predicate made from a noun (갱신 + 하려면) or of the copula (기본값 + 입니다). */
export const KOREAN_ENDINGS: readonly string[] = [
  '하시려면',
  '되었거나',
  '되었는데',
  '되었다면',
  '하였는데',
  '되었을',
  '하였을',
  '되었고',
  '했다면',
  '하였고',
  '으려면',
  '습니다',
  '했습니다',
  '됐습니다',
  '되었습니다',
  '하였습니다',
  '해야합니다',
  '하겠습니다',
  '하십시오',
  '해주세요',
  '하려면',
  '했는데',
  '하는데',
  '합니다',
  '됩니다',
  '입니다',
  '하세요',
  '하도록',
  '되도록',
  '하므로',
  '되므로',
  '하거나',
  '되거나',
  '하지만',
  '했지만',
  '하여서',
  '했으면',
  '하면서',
  '되면서',
  '되려면',
  '되는데',
  '되었다',
  '하였다',
  '할때',
  '려면',
  '는데',
  '하는',
  '하고',
  '하면',
  '하며',
  '하여',
  '하기',
  '하지',
  '한다',
  '했다',
  '해야',
  '해서',
  '해도',
  '했고',
  '했을',
  '되는',
  '되고',
  '되면',
  '되며',
  '되어',
  '되기',
  '되지',
  '된다',
  '됐다',
  '돼서',
  '되서',
  '이다',
  '이고',
  '이면',
  '이지만',
  '한',
  '할',
  '함',
  '해',
  '된',
  '될',
  '됨',
  '돼',
  // A predicate being typed (분석하, 설정되).
  '하',
  '되',
];

/** Particles that also follow one-syllable nouns (키를, 값을, 키는): the stem may be one syllable. */
const SAFE_AFTER_ONE = new Set(['를', '을', '는', '은', '에서', '에게', '으로', '까지', '부터', '처럼', '보다', '에서는', '으로는']);

/** Words whose last syllables look like a particle or an ending but belong to the word. */
const KEEP_WHOLE = new Set([
  '도메인',
  '하나',
  '하나의',
  '그리고',
  '그러나',
  '하지만',
  '또는',
  '이나',
  '경우',
  '대한',
  '위한',
  '통한',
  '관한',
]);

/**
 * Word endings that are never cut: loanwords in -웨이, -레이, and nouns ending like a particle or
 * an ending that end compounds (분석결과, 접근권한, 재정의).
 */
const KEEP_ENDINGS = [
  '웨이',
  '레이',
  '데이',
  '케이',
  '베이',
  '결과',
  '효과',
  '정의',
  '경로',
  '속도',
  '정도',
  '권한',
  '제한',
  '역할',
  '포함',
  '이해',
  '추가',
];

const HANGUL_WORD = /^[\uac00-\ud7a3]+$/;

function bySuffixLength(list: readonly string[]) {
  return [...list].sort((a, b) => b.length - a.length);
}
const PARTICLES = bySuffixLength(KOREAN_PARTICLES);
const ENDINGS = bySuffixLength(KOREAN_ENDINGS);

function stripOne(word: string, suffixes: readonly string[], safeAfterOne: ReadonlySet<string> | undefined): string {
  for (const suffix of suffixes) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (stem.length >= 2 || (stem.length === 1 && safeAfterOne?.has(suffix))) return stem;
  }
  return word;
}

/**
 * The stem of one Korean word as written: without its particle, then without its predicate
 * ending. A word that is not all Hangul syllables is returned as it is.
 */
export function stemKorean(word: string): string {
  if (!HANGUL_WORD.test(word) || word.length < 2) return word;
  // Words come again and again (an index tokenizes every section): each is stemmed once.
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_REMEMBERED) stems.clear();
    stems.set(word, (stem = stemWord(word)));
  }
  return stem;
}

/** Stems of the words met, by word (see stemKorean), up to MAX_REMEMBERED. */
const stems = new Map<string, string>();
const MAX_REMEMBERED = 100_000;

function stemWord(word: string): string {
  if (KEEP_WHOLE.has(word) || KEEP_ENDINGS.some((ending) => word.endsWith(ending))) return word;
  // A predicate (분석하는, 설정되는) ends with its ending, which may end like a particle (는).
  const withoutEnding = stripOne(word, ENDINGS, undefined);
  if (withoutEnding !== word) return withoutEnding;
  const withoutParticle = stripOne(word, PARTICLES, SAFE_AFTER_ONE);
  if (KEEP_WHOLE.has(withoutParticle) || KEEP_ENDINGS.some((ending) => withoutParticle.endsWith(ending))) return withoutParticle;
  return stripOne(withoutParticle, ENDINGS, undefined);
}
