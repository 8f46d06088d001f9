import { describe, expect, it } from 'vitest';
import { getScriptUrlScheme } from '../src/scriptUrl.js';

describe('getScriptUrlScheme', () => {
  it('names the scheme of a URL that runs script, read as a browser reads it', () => {
    expect(getScriptUrlScheme('javascript:alert(1)')).toBe('javascript');
    expect(getScriptUrlScheme(' Java\tScript:alert(1)')).toBe('javascript');
    expect(getScriptUrlScheme('\u0001vbscript:msgbox(1)')).toBe('vbscript');
    expect(getScriptUrlScheme('data:text/html,<script>alert(1)</script>')).toBe('data');
    expect(getScriptUrlScheme('DATA:image/svg+xml;base64,PHN2Zy8+')).toBe('data');
  });

  it('keeps web addresses, data: that is not a document, and data: documents that are only drawn', () => {
    expect(getScriptUrlScheme('https://example.com/javascript:')).toBeUndefined();
    expect(getScriptUrlScheme('/docs/javascript')).toBeUndefined();
    expect(getScriptUrlScheme('data:text/plain,hello')).toBeUndefined();
    expect(getScriptUrlScheme('data:image/svg+xml,<svg/>', { drawnOnly: true })).toBeUndefined();
    expect(getScriptUrlScheme('javascript:alert(1)', { drawnOnly: true })).toBe('javascript');
  });
});
