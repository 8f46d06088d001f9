const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const HTML_SPECIAL = /[&<>"]/;

/** Text as HTML shows it, in content or a double-quoted attribute: `&`, `<`, `>` and `"` escaped. */
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"]/g, (character) => HTML_ESCAPES[character]!) : text;
}
