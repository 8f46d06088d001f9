import { TABLE_ROWS } from './corpus.js';
import type { DocPage } from './pages.js';
import { createRandom } from './random.js';

/**
 * The doc pages of a synthetic site written as `.mdx` (`pnpm bench --case mdx`): the markdown the
 * page generator writes, rewritten where MDX reads it differently so that both files show the same
 * text, and on one page in MDX_FEATURE_EVERY a block that uses what MDX adds to markdown. The
 * `.md` twin of such a page ends with the same text written in markdown, so that the two sites
 * differ in syntax only and the CPU ratio of their builds is the cost of reading MDX.
 */

/** How generateSite writes the doc pages. */
export interface PageFormat {
  extension: 'md' | 'mdx';
  /**
   * One page in MDX_FEATURE_EVERY ends with the feature block (in `.md`, its text as markdown).
   * Off, both sites hold the generator's pages alone.
   */
  featurePages: boolean;
}

/** The pages every case but the mdx case writes. */
export const MARKDOWN: PageFormat = { extension: 'md', featurePages: false };

/** One doc page in this many carries the feature block (when the format has feature pages). */
export const MDX_FEATURE_EVERY = 10;

/** The JSON file of the site that feature pages import, relative to the site folder. */
export const SITE_DATA_PATH = 'src/data/site.json';

/** What SITE_DATA_PATH holds. */
export const SITE_DATA = { product: '벤치분석', version: '2508.1' } as const;

/** Whether the page carries the feature block when the format has feature pages. */
export function isFeaturePage(page: DocPage): boolean {
  return page.index % MDX_FEATURE_EVERY === MDX_FEATURE_EVERY - 1;
}

/**
 * The file of a page in `format`: `markdown` (front matter and body, as renderPage writes it),
 * made MDX for `.mdx`, with the feature block when the page has one.
 */
export function toPageFile(markdown: string, page: DocPage, format: PageFormat): string {
  const withFeatures = format.featurePages && isFeaturePage(page);
  if (format.extension === 'md') return withFeatures ? `${markdown}\n${toFeatureMarkdown(page)}` : markdown;
  const text = toMdxText(markdown);
  if (!withFeatures) return text;
  const [frontMatter, body] = splitFrontMatter(text);
  const settings = getFeatureSettings(page);
  const esm = [
    `import siteData from '@site/${SITE_DATA_PATH}';`,
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    `export const changedSettings = ${JSON.stringify(settings)};`,
    '',
  ];
  const block = [
    '이 문서는 {siteData.product} {siteData.version} 기준입니다.',
    '',
    '<Tabs>',
    '<TabItem value="java" label="Java">',
    '',
    'Java SDK {siteData.version}는 Maven Central에서 받습니다.',
    '',
    '</TabItem>',
    '<TabItem value="node" label="Node">',
    '',
    'Node SDK {siteData.version}는 npm 레지스트리에서 받습니다.',
    '',
    '</TabItem>',
    '</Tabs>',
    '',
    '이 문서의 예제에서 바꾼 설정은 다음과 같습니다.',
    '',
    '<ul>',
    '  {changedSettings.map((setting) => <li key={setting.key}>{setting.key}: {setting.value}</li>)}',
    '</ul>',
    '',
  ];
  return `${frontMatter}${esm.join('\n')}\n${body}\n${block.join('\n')}`;
}

/** The feature block's text, in markdown: what the `.mdx` twin shows, written out (the tabs one after the other). */
function toFeatureMarkdown(page: DocPage): string {
  const { product, version } = SITE_DATA;
  return [
    `이 문서는 ${product} ${version} 기준입니다.`,
    '',
    '**Java**',
    '',
    `Java SDK ${version}는 Maven Central에서 받습니다.`,
    '',
    '**Node**',
    '',
    `Node SDK ${version}는 npm 레지스트리에서 받습니다.`,
    '',
    '이 문서의 예제에서 바꾼 설정은 다음과 같습니다.',
    '',
    ...getFeatureSettings(page).map((setting) => `- ${setting.key}: ${setting.value}`),
    '',
  ].join('\n');
}

/**
 * Text a built feature page shows, in either format: each is looked for in its article, to tell
 * that the MDX block was evaluated rather than dropped.
 */
export function getFeatureTexts(page: DocPage): string[] {
  const { product, version } = SITE_DATA;
  return [
    `이 문서는 ${product} ${version} 기준입니다.`,
    `Java SDK ${version}는`,
    `Node SDK ${version}는`,
    ...getFeatureSettings(page).map((setting) => `${setting.key}: ${setting.value}`),
  ];
}

/** The settings the page's `export const` lists: three rows of the settings table, chosen by the page. */
function getFeatureSettings(page: DocPage): { key: string; value: string }[] {
  return createRandom('mdx', page.index)
    .sample(TABLE_ROWS, 3)
    .map(([key, , , value]) => ({ key: key.replaceAll('`', ''), value: value.replaceAll('`', '') }));
}

/** `text`'s front matter (with its closing line) and the rest; no front matter: '' and the text. */
function splitFrontMatter(text: string): [frontMatter: string, body: string] {
  const end = text.startsWith('---\n') ? text.indexOf('\n---\n', 3) : -1;
  return end === -1 ? ['', text] : [text.slice(0, end + 5), text.slice(end + 5)];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING_ID = /^(#{1,6} .*?)\s*\\\{#([\w-]+)\\\}\s*$/;
/** A code span (group 1: its backticks) or a run of text without backticks; a backtick that opens no span is neither, and stays. */
const CODE_SPAN_OR_TEXT = /(`+)(?:.*?[^`])?\1(?!`)|[^`]+/g;

/**
 * Markdown as MDX showing the same text. Outside code, MDX reads `{`...`}` as an expression and
 * `<` as JSX: braces are escaped, a heading's `{#id}` becomes Docusaurus's MDX form
 * `{/* #id *\/}`, an HTML comment an MDX comment, and a `<` that starts no tag is escaped. Raw
 * HTML has no faithful rewrite (MDX reads it as stricter JSX) and throws: the page generator
 * writes none (corpus.ts), and a change that adds some should choose its MDX form here.
 */
export function toMdxText(markdown: string): string {
  const [frontMatter, body] = splitFrontMatter(markdown);
  let fence: string | undefined;
  const lines = body.split('\n').map((line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return line;
    }
    if (marker !== undefined) {
      fence = marker;
      return line;
    }
    const escaped = line.replace(CODE_SPAN_OR_TEXT, (part, ticks: string | undefined) => (ticks ? part : escapeText(part)));
    return escaped.replace(HEADING_ID, '$1 {/* #$2 */}');
  });
  return frontMatter + lines.join('\n');
}

/** Text outside code, escaped for MDX (see toMdxText). */
function escapeText(text: string): string {
  return text
    .replace(/[{}]/g, '\\$&')
    .replace(/<!--(.*?)-->/g, (_comment, inner: string) => `{/*${inner.replaceAll('*/', '* /')}*/}`)
    .replace(/<(.?)/g, (tag, next: string) => {
      if (/[A-Za-z/!?]/.test(next)) throw new Error(`Raw HTML has no MDX form in the bench's pages: ${text}`);
      return `\\<${next}`;
    });
}
