/** HTML (and inline SVG) element names that raw HTML in markdown may use without a warning. */
export const KNOWN_HTML_TAGS = new Set(
  `a abbr address area article aside audio b bdi bdo blockquote br button canvas caption center cite code col colgroup
  data dd del details dfn dialog div dl dt em embed fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 header
  hr i iframe img input ins kbd label legend li link main map mark meta meter nav noscript object ol optgroup option
  output p param picture pre progress q rp rt ruby s samp script section select slot small source span strong style
  sub summary sup table tbody td template textarea tfoot th thead time tr track u ul var video wbr
  svg g path circle ellipse rect line polyline polygon text tspan defs use symbol lineargradient radialgradient stop
  marker clippath mask pattern title desc foreignobject`.split(/\s+/),
);

/** SVG element names written in mixed case, as SVG spells them (HTML parsing keeps their case). */
const SVG_MIXED_CASE_TAGS = new Set(['linearGradient', 'radialGradient', 'clipPath', 'foreignObject']);

/**
 * Whether raw HTML may use `tag`: a known name in lower case, a custom element's name, or an SVG
 * name in its own mixed case. Any other capitalised name (`List<Object>`, `Map<Template>`) is a type in prose.
 */
export function isKnownHtmlTag(tag: string): boolean {
  return KNOWN_HTML_TAGS.has(tag) || SVG_MIXED_CASE_TAGS.has(tag) || (CUSTOM_ELEMENT.test(tag) && !isDocgenElement(tag));
}

/**
 * A custom element's name as HTML defines one: lower case, with a hyphen (`<plugin-platforms>`,
 * Capacitor's). A browser shows its content; Docusaurus writes it into the page as it is.
 */
const CUSTOM_ELEMENT = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;

/** Elements docgen's pipeline gives a meaning (islands, the excerpt marker, TOCInline): raw HTML may not write them. */
const DOCGEN_ELEMENTS = new Set(['docgen-island', 'docgen-truncate', 'docgen-toc-inline']);

export const isDocgenElement = (tag: string) => DOCGEN_ELEMENTS.has(tag);
