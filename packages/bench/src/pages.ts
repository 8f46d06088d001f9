import { posix } from 'node:path';
import { CODE_LANGUAGES, createCodeSample, type CodeSample } from './codeSamples.js';
import { ADMONITIONS, HEADINGS, SENTENCES, TABLE_ROWS, TITLE_ASPECTS, TITLE_TOPICS, type Bilingual } from './corpus.js';
import { createRandom, type Random } from './random.js';

/**
 * The page generator both site shapes share: what a doc page says (title, headings, prose, code,
 * a table, an admonition, links to headings of other pages) and its markdown in either locale.
 */

/** The locales a synthetic site may have; `ko` is always the default one. */
export type Locale = 'ko' | 'en';

/** A heading of a page (level 2 or 3), in both languages. */
export interface Heading {
  level: 2 | 3;
  text: Bilingual;
  /** The GitHub slug of the Korean text, also written as `{#id}` on the English heading. */
  id: string;
}

/** A doc page of a synthetic site: where it is and what it says, decided before any file is written. */
export interface DocPage {
  /** 0-based; seeds the page's text, so page n reads the same whatever the size of the site. */
  index: number;
  /** `current` (docs/) or the name of a frozen version. */
  version: string;
  /** The version's docs folder, relative to the site folder: `docs` or `versioned_docs/version-<v>`. */
  docsDir: string;
  /** Path under the version's docs folder, e.g. `guide/basics/concepts/setup-12.md` (`.mdx` in the mdx case's MDX site). */
  relativePath: string;
  /** Path relative to the site folder. */
  sitePath: string;
  /** URL path in the default locale, e.g. `/docs/guide/basics/concepts/setup-12` (`/docs/guide/` for an `index.md`). */
  route: string;
  title: Bilingual;
  description: Bilingual;
  sidebarPosition: number;
  headings: Heading[];
  /** Has an English translation under i18n/en/docs/current/. */
  translated: boolean;
}

/**
 * What the page is, decided from its index alone: title, headings, and whether it is translated
 * (a share `translatedShare` of the current version's pages are).
 */
export function planPage(
  index: number,
  version: { name: string; docsDir: string; routeBase: string },
  relativePath: string,
  sidebarPosition: number,
  translatedShare: number,
): DocPage {
  const random = createRandom('page', index);
  const topic = random.pick(TITLE_TOPICS);
  const aspect = random.pick(TITLE_ASPECTS);
  const headings: Heading[] = random.sample(HEADINGS, random.int(3, 8)).map((text, h) => ({
    level: h > 0 && random.next() < 0.35 ? 3 : 2,
    text,
    id: text[0].toLowerCase().replaceAll(' ', '-'),
  }));
  return {
    index,
    version: version.name,
    docsDir: version.docsDir,
    relativePath,
    sitePath: `${version.docsDir}/${relativePath}`,
    route: version.routeBase + relativePath.replace(/(^|\/)index\.mdx?$/, '$1').replace(/\.mdx?$/, ''),
    title: [`${topic[0]} ${aspect[0]}`, `${topic[1]}, ${aspect[1]}`],
    description: [
      `${topic[0]}의 ${aspect[0]} 내용을 예제와 함께 설명합니다.`,
      `${capitalize(aspect[1])} of ${topic[1].replace(/^The /, 'the ')}, with examples.`,
    ],
    sidebarPosition,
    headings,
    translated: version.name === 'current' && random.next() < translatedShare,
  };
}

/** One block of a page's body. */
export type Block =
  | { type: 'paragraph'; sentences: number[]; link?: { target: DocPage; href: string } }
  | { type: 'heading'; heading: Heading }
  | { type: 'code'; sample: CodeSample }
  | { type: 'table'; rows: number[] }
  | { type: 'admonition'; kind: number; sentence: number };

/**
 * The blocks of a page; the same plan renders the Korean page and its English translation.
 * `version` are the pages of its version and `folderPages` those of its folder (link targets).
 */
export function planBody(page: DocPage, version: DocPage[], folderPages: DocPage[], random: Random): Block[] {
  const sections = page.headings.length;
  const paragraph = (): Block & { type: 'paragraph' } => ({
    type: 'paragraph',
    sentences: random.sample([...SENTENCES.keys()], random.int(2, 4)),
  });
  const intro = paragraph();
  const perSection: Block[][] = page.headings.map((heading) => {
    const blocks: Block[] = [{ type: 'heading', heading }, paragraph()];
    if (random.next() < 0.5) blocks.push(paragraph());
    return blocks;
  });
  const addToSection = (block: Block) => perSection[random.int(0, sections - 1)]!.push(block);
  for (const language of random.sample(CODE_LANGUAGES, random.int(2, 4))) {
    addToSection({ type: 'code', sample: createCodeSample(language, page.index, random) });
  }
  addToSection({ type: 'table', rows: random.sample([...TABLE_ROWS.keys()], random.int(3, 6)) });
  addToSection({ type: 'admonition', kind: random.int(0, ADMONITIONS.length - 1), sentence: random.int(0, SENTENCES.length - 1) });

  // Links to other pages of the same version, half of them in the same folder, each to a heading.
  const paragraphs = [intro, ...perSection.flat().filter((block) => block.type === 'paragraph')];
  const folder = posix.dirname(page.relativePath);
  const near = folderPages.filter((other) => other !== page);
  for (const host of random.sample(paragraphs, random.int(2, 4))) {
    let target = near.length > 0 && random.next() < 0.5 ? random.pick(near) : random.pick(version);
    if (target === page) target = version[(version.indexOf(page) + 1) % version.length]!;
    if (target === page) break;
    let href = posix.relative(folder, target.relativePath);
    if (!href.startsWith('.')) href = `./${href}`;
    host.link = { target, href: `${href}#${random.pick(target.headings).id}` };
  }
  return [intro, ...perSection.flat()];
}

/** The markdown file of the page in `locale`: front matter, then the blocks. */
export function renderPage(page: DocPage, blocks: Block[], locale: Locale): string {
  const l = locale === 'ko' ? 0 : 1;
  const out = [
    '---',
    `title: ${JSON.stringify(page.title[l])}`,
    `description: ${JSON.stringify(page.description[l])}`,
    `sidebar_position: ${page.sidebarPosition}`,
    '---',
    '',
  ];
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph': {
        let text = block.sentences.map((s) => SENTENCES[s]![l]).join(' ');
        if (block.link) {
          const { target, href } = block.link;
          text +=
            locale === 'ko'
              ? ` 자세한 내용은 [${target.title[0]}](${href}) 문서를 참고하십시오.`
              : ` See [${target.title[1]}](${href}) for details.`;
        }
        out.push(text, '');
        break;
      }
      case 'heading': {
        const { level, text, id } = block.heading;
        out.push(`${'#'.repeat(level)} ${text[l]}${locale === 'ko' ? '' : ` {#${id}}`}`, '');
        break;
      }
      case 'code': {
        const { language, title, highlight, code } = block.sample;
        const lines = highlight[0] === highlight[1] ? `${highlight[0]}` : `${highlight[0]}-${highlight[1]}`;
        out.push(`\`\`\`${language} title="${title}" {${lines}}`, code, '```', '');
        break;
      }
      case 'table': {
        out.push(locale === 'ko' ? '| 설정 | 설명 | 기본값 |' : '| Setting | Meaning | Default |', '| --- | --- | --- |');
        for (const row of block.rows) {
          const [key, ko, en, value] = TABLE_ROWS[row]!;
          out.push(`| ${key} | ${locale === 'ko' ? ko : en} | ${value === '없음' && locale === 'en' ? 'none' : value} |`);
        }
        out.push('');
        break;
      }
      case 'admonition': {
        const [kind, ko, en] = ADMONITIONS[block.kind]!;
        out.push(`:::${kind}[${locale === 'ko' ? ko : en}]`, SENTENCES[block.sentence]![l], ':::', '');
        break;
      }
    }
  }
  return out.join('\n');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
