/**
 * A few hundred documents made of hostile fragments (deep nesting, long lines, unclosed
 * constructs, raw HTML, CJK, directives, tables, code fences, front matter edge cases), from a
 * fixed seed, built with the real CLI into one site: every build ends with exit 0 or 2, every
 * error names a file at line:col, and once the files named are taken out, the rest builds. Work
 * is counted, not timed: the elements of every page and how deep they nest, against its source.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';
import { createRandom } from '../src/random.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-md-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SEED = 19;
const DOCUMENTS = 240;
const random = createRandom(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** Mostly small, sometimes far past the nesting limit. */
const depth = () => (random() < 0.8 ? int(1, 60) : int(90, 1500));

const FRAGMENTS: (() => string)[] = [
  () => `${'> '.repeat(depth())}quoted`,
  () => `${pick(['- ', '* ', '1. ', '+ '] as const).repeat(depth())}item`,
  () => Array.from({ length: int(2, 70) }, (_, index) => `${' '.repeat(index * 2)}- nested ${index}`).join('\n'),
  () => {
    const count = depth();
    return `${'*a '.repeat(count)}x${' a*'.repeat(random() < 0.5 ? count : 0)}`;
  },
  () => {
    const count = depth();
    return `${'_b '.repeat(count)}y${' b_'.repeat(count)}`;
  },
  () => {
    const count = depth();
    return `${pick(['![', '['] as const).repeat(count)}x${'](u.png)'.repeat(random() < 0.5 ? count : 1)}`;
  },
  () => {
    const count = depth();
    const tag = pick(['div', 'span', 'section', 'details', 'b'] as const);
    return `${`<${tag}>`.repeat(count)}x${`</${tag}>`.repeat(random() < 0.5 ? count : 0)}`;
  },
  () => `${`:::note\n`.repeat(Math.min(depth(), 400))}deep\n${':::\n'.repeat(int(0, 3))}`,
  () => `::::tabs\n${Array.from({ length: int(1, 4) }, (_, index) => `:::tab{label="T${index}"}\nTab ${index}\n:::`).join('\n')}\n::::`,
  () => pick([':::warning[Careful]\nBody *md*\n:::', ':::unknown\nX\n:::', '::leaf[x]', 'A :highlight[text]{color=red} word', 'a:b c:d']),
  () =>
    pick([
      'word ',
      '한국어 텍스트 ',
      '日本語の文章。',
      '中文**粗体**文字 ',
      '*',
      '[',
      '<',
      '`',
      '_',
      '|',
      '\\',
      '~',
      'https://e.com/x ',
      '- ',
    ] as const).repeat(int(50, 6000)),
  () =>
    pick([
      '```js\nconst a = 1;',
      '<!-- never closed',
      '[link](http://x',
      '**bold never',
      '<div',
      ':::note\nnever closed',
      '<details><summary>S',
      '`code',
      '<table><tr><td>cell',
      '~~~\nfence',
      '<svg><g><g>',
      '[^1]',
    ] as const),
  () =>
    pick([
      '<details><summary>More</summary>\n\nBody *md*\n\n</details>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<svg><title>t</title><circle r="1" /></svg>',
      '<script>alert(1)</script>',
      '<style>p { color: red }</style>',
      'List<Object> and Map<K, V>',
      '<div/>'.repeat(int(1, 200)),
      '<?php echo 1 ?>',
      '<![CDATA[x]]>',
    ] as const),
  () => '**한국어**를 *강조*합니다. 「引用」と『書名』。中文**粗体**文字。'.repeat(int(1, 40)),
  () => `| a | b |\n|---|:-:|\n${'| x | *y* [z](./a.md) |\n'.repeat(int(1, 100))}`,
  () => `\`\`\`${pick(['js', 'java', 'nosuchlang', '', 'bash {1,3} title="t"'] as const)}\n${'**kwargs [x] *p\n'.repeat(int(1, 80))}\`\`\``,
  () => `${'#'.repeat(int(1, 7))} Heading ${int(1, 9)} {#id-${int(1, 9)}}`,
  () => '<!-- truncate -->',
  () => '- - '.repeat(int(1, 5000)),
  () => 'Text[^1] and more[^2]\n\n[^1]: A note\n[^2]: Another *one*',
];

const FRONT_MATTER: (() => string)[] = [
  () => '',
  () => '---\ntitle: Fuzzed\n---\n\n',
  () => '---\n---\n',
  () => '\uFEFF---\r\ntitle: "CRLF and BOM"\r\n---\r\n\r\n',
  () => '---\ntitle: "한국어 제목"\ndescription: "<b>not html</b>"\n---\n',
];
/** Front matter that is an error: the build stops at the first such file (front matter is read before compiling). */
const BAD_FRONT_MATTER = ['---\ntitle: [\n---\n', '---\ntitle: never closed\n', '---js\n{}\n---\n'];

function createDocument(index: number): string {
  const front = index % 80 === 7 ? BAD_FRONT_MATTER[(index / 80) | 0]! : pick(FRONT_MATTER)();
  const parts = Array.from({ length: int(1, 6) }, () => pick(FRAGMENTS)());
  return `${front}${random() < 0.5 ? `# Document ${index}\n\n` : ''}${parts.join(random() < 0.8 ? '\n\n' : '\n')}\n`;
}

/** Elements of the page's content and the deepest they nest (tags counted, void elements left out). */
function measureContent(html: string): { elements: number; depth: number } {
  const start = html.indexOf('data-docgen-slot="main"');
  const content = start === -1 ? '' : html.slice(start, html.indexOf('</article>', start));
  let elements = 0;
  let open = 0;
  let deepest = 0;
  for (const match of content.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    if (/^(area|br|col|embed|hr|img|input|link|meta|source|track|wbr|path|circle)$/i.test(match[2]!) || match[3]) continue;
    if (match[1]) open--;
    else {
      elements++;
      deepest = Math.max(deepest, ++open);
    }
  }
  return { elements, depth: deepest };
}

describe('a few hundred hostile documents', () => {
  it('build with exit 0 or 2, every error at file:line:col, and the rest builds', { timeout: 600_000 }, async (context) => {
    const site = join(scratch, 'site');
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(site, path)), { recursive: true });
      writeFileSync(join(site, path), text);
    };
    write('docgen.config.yaml', 'title: Fuzz\nurl: https://fuzz.example.com\ni18n:\n  defaultLocale: en\n  locales: [en]\n');
    write('sidebars.yaml', 'docs:\n  - type: autogenerated\n    dirName: .\n');
    const sizes = new Map<string, number>();
    for (let index = 0; index < DOCUMENTS; index++) {
      const file = `docs/fuzz/doc-${String(index).padStart(3, '0')}.md`;
      const text = createDocument(index);
      write(file, text);
      sizes.set(file, Buffer.byteLength(text));
    }

    // A build stops at the first file with bad front matter, and at every file that nests too
    // deep at once: take out the files named until the build succeeds.
    const failed = new Set<string>();
    const builds: number[] = [];
    for (let attempt = 0; attempt < BAD_FRONT_MATTER.length + 3; attempt++) {
      const result = await runDocgen(['build', site]);
      builds.push(result.code);
      expect([0, 2], result.stderr).toContain(result.code);
      if (result.code === 0) break;
      expect(result.stderr).not.toMatch(/crashed|RangeError|Maximum call stack/);
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('error '));
      expect(errors.length, result.stderr).toBeGreaterThan(0);
      for (const error of errors) {
        const named = /^error (docs\/fuzz\/doc-\d{3}\.md):(\d+):(\d+) {2}\S/.exec(error);
        expect(named, error).not.toBeNull();
        failed.add(named![1]!);
        rmSync(join(site, named![1]!));
      }
    }
    expect(builds.at(-1)).toBe(0);
    for (const file of BAD_FRONT_MATTER.map((_, index) => `docs/fuzz/doc-${String(index * 80 + 7).padStart(3, '0')}.md`)) {
      expect(failed).toContain(file);
    }

    // Every document left has its page; its work is counted against its source.
    const pages = new Set(listFiles(join(site, 'build')).filter((file) => file.startsWith('docs/fuzz/')));
    let most = { file: '', elements: 0, bytes: 0 };
    let deepest = 0;
    for (const [file, bytes] of sizes) {
      if (failed.has(file)) continue;
      const page = `${file.replace(/\.md$/, '')}/index.html`;
      expect(pages, page).toContain(page);
      const { elements, depth } = measureContent(readFileSync(join(site, 'build', page), 'utf8'));
      // No page holds more elements than its source has bytes. Content nests 100 levels at most;
      // the theme draws some of them (admonitions, tabs) with a few elements each.
      expect(elements, file).toBeLessThanOrEqual(bytes);
      expect(depth, file).toBeLessThanOrEqual(4 * 100);
      if (elements > most.elements) most = { file, elements, bytes };
      deepest = Math.max(deepest, depth);
    }
    const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
    const report =
      `${DOCUMENTS} documents (seed ${SEED}, ${Math.round(total / 1024)} KB, largest ${Math.round(Math.max(...sizes.values()) / 1024)} KB), ` +
      `${failed.size} failed with file:line:col in ${builds.length} builds (exits ${builds.join(', ')}); ` +
      `most elements in a page: ${most.elements} from ${most.bytes} bytes (${most.file}); deepest content: ${deepest} levels`;
    console.log(report);
    context.annotate(report);
  });
});
