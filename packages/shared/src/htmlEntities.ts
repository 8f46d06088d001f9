const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * HTML text or an attribute value as a browser reads it: numeric character references (one
 * beyond Unicode as U+FFFD) and the named ones that escaping and React write (`&amp;` `&lt;`
 * `&gt;` `&quot;` `&apos;` `&nbsp;`) decoded; any other `&name;` left as written. The browser
 * takes it with a page's data (its table of contents): kept small, and an entry of its own
 * (`@docgen/shared/htmlEntities`), not in the index, which the first load's entry imports.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? match;
    // '#x27' and '#39' read as the numbers '0x27' and '039'.
    const code = Number(`0${entity.slice(1)}`);
    return String.fromCodePoint(code > 0x10ffff ? 0xfffd : code);
  });
}
