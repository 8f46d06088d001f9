import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/escapeHtml.js';
import { decodeHtmlEntities } from '../src/htmlEntities.js';

describe('HTML entities', () => {
  it('decodes what a browser decodes in text and attribute values, numeric references included', () => {
    // Config HTML links were read with the five named entities only: a numeric reference stayed in the URL.
    expect(decodeHtmlEntities('/docs/a&#47;b?x=1&amp;y=&#x32;')).toBe('/docs/a/b?x=1&y=2');
    expect(decodeHtmlEntities('&lt;b&gt; &quot;q&quot; &apos;a&#39; &#X27;&nbsp;')).toBe("<b> \"q\" 'a' '\u00a0");
    expect(decodeHtmlEntities('&AMP;')).toBe('&');
  });

  it('leaves an unknown name as written, and shows a reference beyond Unicode as U+FFFD, as a browser does', () => {
    expect(decodeHtmlEntities('&copy; &unknown;')).toBe('&copy; &unknown;');
    expect(decodeHtmlEntities('&#x110000;&#99999999;')).toBe('\ufffd\ufffd');
    expect(decodeHtmlEntities('a & b; c')).toBe('a & b; c');
  });

  it('reads back what escapeHtml writes', () => {
    const text = '<a href="x">Tom & "Jerry"</a>';
    expect(decodeHtmlEntities(escapeHtml(text))).toBe(text);
  });
});
