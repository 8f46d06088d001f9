/**
 * The stylesheet a manual is printed with, after the site's own: the paper, a running header per
 * page (its title) and a footer (the version, page x / y) in the page margins, fonts that carry
 * Hangul and CJK text and are embedded as TrueType, and the site's screen components made to print
 * (code that wraps instead of being cut, tables that break with their header repeated, tabs one
 * after another under their labels, nothing that only works on a screen).
 */
export interface ManualCssInput {
  paperSize: string;
  /** The footer's text before the page numbers: the version's label. */
  footer: string;
  contentsTitle: string;
  /** Every page of the manual (its section's anchor) and its running header. */
  pages: { anchor: string; title: string }[];
}

/** A CSS string literal of any text. */
export function toCssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;
}

/**
 * Sans-serif and monospace faces that are TrueType (so Chromium embeds them as fonts, not as
 * drawings) and carry Hangul, then any CJK face, then the generic family.
 */
const SANS = `'DejaVu Sans', 'Noto Sans', 'NanumGothic', 'NanumBarunGothic', 'Noto Sans CJK KR', 'Noto Sans CJK JP', 'Noto Sans CJK SC', sans-serif`;
const MONO = `'DejaVu Sans Mono', 'NanumGothicCoding', 'NanumGothic', 'Noto Sans Mono CJK KR', monospace`;

export function getManualCss(input: ManualCssInput): string {
  const margin = `font-family: ${SANS}; font-size: 8.5pt; color: #555;`;
  const pageRules = input.pages
    .map(({ anchor, title }) => `@page manual-${anchor} { @top-center { content: ${toCssString(title)}; ${margin} } }`)
    .join('\n');
  return `
@page {
  size: ${input.paperSize};
  margin: 20mm 16mm 20mm 16mm;
  @bottom-center { content: ${toCssString(`${input.footer} · `)} counter(page) " / " counter(pages); ${margin} }
}
@page manual-cover { @bottom-center { content: none; } }
@page manual-contents { @top-center { content: ${toCssString(input.contentsTitle)}; ${margin} } }
${pageRules}
:root {
  --ifm-font-family-base: ${SANS};
  --ifm-font-family-monospace: ${MONO};
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
html, body { background: #fff; }
body.manual { font-family: ${SANS}; font-size: 10.5pt; line-height: 1.55; margin: 0; }
.manual-targets { display: none; }
.manual-cover { display: flex; flex-direction: column; justify-content: center; min-height: 230mm; text-align: center; }
.manual-cover__logo { width: 28mm; height: auto; margin: 0 auto 12mm; }
.manual-cover__title { font-size: 26pt; margin: 0 0 6mm; }
.manual-cover__subtitle { font-size: 13pt; color: #444; margin: 0 0 18mm; }
.manual-cover__version { font-size: 15pt; font-weight: 600; margin: 0 0 3mm; }
.manual-cover__locale, .manual-cover__date { font-size: 11pt; color: #555; margin: 0 0 2mm; }
.manual-contents__title { font-size: 18pt; margin: 0 0 6mm; }
.manual-contents__list { list-style: none; margin: 0; padding: 0; }
.manual-contents__list .manual-contents__list { padding-left: 6mm; }
.manual-contents__item { break-inside: avoid; }
.manual-contents__item > a { display: flex; gap: 2mm; align-items: baseline; color: inherit; text-decoration: none; padding: 0.6mm 0; }
.manual-contents__item[data-depth="0"] > a { font-weight: 600; margin-top: 2mm; }
.manual-contents__label { flex: 0 1 auto; }
.manual-contents__item > a::after { content: ""; order: 1; flex: 1 1 auto; border-bottom: 1px dotted #999; margin: 0 1mm; }
.manual-contents__page { order: 2; min-width: 8mm; text-align: right; font-variant-numeric: tabular-nums; }
.manual-page { break-before: page; }
.manual-page__title { font-size: 20pt; margin: 0 0 5mm; break-after: avoid; }
.manual-page--part > .manual-page__title { font-size: 24pt; margin-top: 40mm; }
.manual-page--part[data-depth="0"]:not(:has(.markdown)):not(:has(.card-grid)) > .manual-page__title { text-align: center; }
.manual h1, .manual h2, .manual h3, .manual h4 { break-after: avoid; break-inside: avoid; }
.manual .markdown { max-width: none; }
.manual img, .manual svg, .manual figure { max-width: 100%; break-inside: avoid; }
.manual img { height: auto; }
.manual pre, .manual .code-block__pre { white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: break-word; overflow: visible !important; max-height: none !important; }
.manual code { overflow-wrap: anywhere; }
.manual .code-block__pre code { white-space: pre-wrap !important; min-width: 0 !important; overflow-wrap: anywhere !important; }
.manual .code-block { break-inside: auto; }
.manual .code-block__content { overflow: visible !important; }
.manual .code-line { break-inside: avoid; }
.manual .table-wrapper { overflow: visible !important; }
.manual table { width: 100%; max-width: 100%; table-layout: auto; border-collapse: collapse; font-size: 9.5pt; }
.manual thead { display: table-header-group; }
.manual tr { break-inside: avoid; }
.manual td, .manual th { overflow-wrap: anywhere; word-break: break-word; }
.manual .admonition { break-inside: avoid-page; }
.manual .tabs-container { margin-bottom: 4mm; }
.manual .manual-tab-label { font-weight: 600; margin: 3mm 0 1mm; }
.manual .tabs__panel, .manual [role="tabpanel"] { display: block !important; }
.manual details > summary { list-style: none; font-weight: 600; }
.manual .diagram[data-drawn] > :not(.diagram__drawing) { display: none; }
.manual .card-grid { display: block; }
.manual .card { display: block; break-inside: avoid; border: 1px solid #ccc; border-radius: 2mm; padding: 2.5mm 4mm; margin-bottom: 3mm; color: inherit; text-decoration: none; }
.manual .card__title { display: block; font-weight: 600; }
.manual .card__description { display: block; color: #555; font-size: 9.5pt; }
.manual a { color: #1a4fbf; }
.manual .katex { font-size: 1.05em; }
`;
}
