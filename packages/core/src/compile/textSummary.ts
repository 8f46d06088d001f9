/** A description from the text of a page: its first sentence-ish 160 characters. */
export function getDefaultDescription(text: string): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  return compact.length > 160 ? `${compact.slice(0, 157)}...` : compact;
}

/** Reading time in minutes: Hangul at about 500 characters a minute, other words at 200 a minute. */
export function getReadingTime(text: string): number {
  const hangul = (text.match(/[\uac00-\ud7a3]/g) ?? []).length;
  const words = text
    .replace(/[\uac00-\ud7a3]+/g, ' ')
    .split(/\s+/)
    .filter((word) => /\w/.test(word)).length;
  return Math.max(1, Math.round(hangul / 500 + words / 200));
}
