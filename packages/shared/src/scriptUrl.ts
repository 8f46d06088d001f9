/** A URL that runs script when followed: what browsers run, once they drop tabs, newlines and leading controls. */
const SCRIPT_URL = /^(javascript|vbscript):/;
/** A document in a data: URL, whose scripts run when it is framed, embedded or opened. */
const DATA_DOCUMENT_URL = /^data:(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)(?:[;,]|$)/;

/**
 * The scheme of a URL that docgen removes from a page because following it would run script
 * (`javascript:`, `vbscript:`, or a `data:` document), read as a browser reads it: white space and
 * control characters dropped, any letter case. `drawnOnly`: the URL is only drawn or played (an
 * image's `src`), where a `data:` document is harmless. Undefined when the URL is kept.
 *
 * The one rule for both: the compile stage removes these URLs from the HTML, and the link checker
 * reports the links it removed, so that `build` and `check-links` agree.
 */
export function getScriptUrlScheme(url: string, { drawnOnly = false } = {}): 'javascript' | 'vbscript' | 'data' | undefined {
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const script = SCRIPT_URL.exec(compact);
  if (script) return script[1] as 'javascript' | 'vbscript';
  return !drawnOnly && DATA_DOCUMENT_URL.test(compact) ? 'data' : undefined;
}
