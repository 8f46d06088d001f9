/** A description from the text of a page: its first sentence-ish 160 characters. */
export function getDefaultDescription(text: string): string {
  // Only the start is compacted: once it holds more than 160 characters, the rest cannot change
  // the result (a page's text is thousands of characters; this runs for every page).
  for (let end = 512; ; end *= 2) {
    if (end >= text.length) {
      const compact = text.replace(/\s+/g, ' ').trim();
      return compact.length > 160 ? `${compact.slice(0, 157)}...` : compact;
    }
    // The start may end in a space the whole text would trim or follow with more text: one more
    // character than 160 makes sure the whole text's compact form is longer than 160.
    const start = text.slice(0, end).replace(/\s+/g, ' ').trimStart();
    if (start.length > 161) return `${start.slice(0, 157)}...`;
  }
}

/** Reading time in minutes: Hangul at about 500 characters a minute, other words at 200 a minute. */
export function getReadingTime(text: string): number {
  // A word is a run of characters that are neither space nor Hangul with at least one of
  // [A-Za-z0-9_] in it; counted in one pass (the text of a page is thousands of characters).
  let hangul = 0;
  let words = 0;
  let inWord = false; // in a run of characters that has one of [A-Za-z0-9_]
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const isHangul = code >= 0xac00 && code <= 0xd7a3;
    if (isHangul || isSpace(code)) {
      if (isHangul) hangul++;
      if (inWord) words++;
      inWord = false;
    } else if (!inWord && isWordCharacter(code)) {
      inWord = true;
    }
  }
  if (inWord) words++;
  return Math.max(1, Math.round(hangul / 500 + words / 200));
}

/** What `\s` matches (and `trim` removes). */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** What `\w` matches. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}
