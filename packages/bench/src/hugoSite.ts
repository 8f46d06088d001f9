import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { GeneratedSite } from './generateSite.js';
import type { Locale } from './pages.js';

const HUGO_LANGUAGES: Record<Locale, (weight: number) => string> = {
  ko: (weight) => `[languages.ko]\nlanguageName = "한국어"\ncontentDir = "content/ko"\nweight = ${weight}\n`,
  en: (weight) => `[languages.en]\nlanguageName = "English"\ncontentDir = "content/en"\nweight = ${weight}\n`,
};

/** `hugo version`, or undefined where Hugo is not installed. */
export function getHugoVersion(): string | undefined {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * Writes a minimal Hugo site holding the same markdown as the docgen site: its languages and
 * versions, the blog, one `_index.md` per folder (Hugo's sections, as `_category_.yaml` is
 * docgen's; a docgen `index.md` becomes its folder's `_index.md`), and layouts that render each
 * page's content and table of contents. Both tools render the same pages: where docgen renders an
 * untranslated English page from the Korean source (its fallback page), the Hugo site holds that
 * source under `content/en/`, since Hugo has no fallback of its own.
 */
export function generateHugoSite(site: GeneratedSite, hugoDir: string): { contentFiles: number } {
  rmSync(hugoDir, { recursive: true, force: true });
  const write = (path: string, text: string) => {
    const full = join(hugoDir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  /** Per language, the title of each section (folder under content/<language>/). */
  const sections = new Map<Locale, Map<string, string>>(site.locales.map((locale) => [locale, new Map()]));
  /** Sections whose `_index.md` is a page of the site. */
  const sectionPages = new Set<string>();
  let contentFiles = 0;
  const addPage = (language: Locale, path: string, markdown: string, title: (folder: string) => string) => {
    const isSection = posix.basename(path) === 'index.md';
    write(`content/${language}/${isSection ? `${posix.dirname(path)}/_index.md` : path}`, toHugoMarkdown(markdown));
    if (isSection) sectionPages.add(`${language}/${posix.dirname(path)}`);
    contentFiles++;
    for (let folder = posix.dirname(path); folder !== '.'; folder = posix.dirname(folder)) {
      if (!sections.get(language)!.has(folder)) sections.get(language)!.set(folder, title(folder));
    }
  };

  for (const page of site.docs) {
    const prefix = page.version === 'current' ? 'docs/' : `docs/${page.version}/`;
    // Section titles: the labels of the docgen categories.
    const title = (folder: string) => {
      const category = join(site.siteDir, page.docsDir, folder.slice(prefix.length), '_category_.yaml');
      return (existsSync(category) && /^label: "(.*)"$/m.exec(readFileSync(category, 'utf8'))?.[1]) || posix.basename(folder);
    };
    addPage('ko', prefix + page.relativePath, readFileSync(join(site.siteDir, page.sitePath), 'utf8'), title);
    if (site.locales.includes('en')) {
      const source = page.translated ? join('i18n/en/docs/current', page.relativePath) : page.sitePath;
      addPage('en', prefix + page.relativePath, readFileSync(join(site.siteDir, source), 'utf8'), title);
    }
  }
  for (const file of readdirSync(join(site.siteDir, 'blog')).filter((name) => name.endsWith('.md'))) {
    const date = file.slice(0, 10);
    const markdown = readFileSync(join(site.siteDir, 'blog', file), 'utf8').replace(/^---\n/, `---\ndate: ${date}\n`);
    for (const locale of site.locales) addPage(locale, `blog/${file.slice(11)}`, markdown, posix.basename);
  }
  for (const [language, titles] of sections) {
    write(
      `content/${language}/_index.md`,
      `---\ntitle: ${language === 'ko' ? '벤치마크 분석 개발자 문서' : 'Bench Analysis Developer Docs'}\n---\n`,
    );
    for (const [folder, title] of titles) {
      if (!sectionPages.has(`${language}/${folder}`))
        write(`content/${language}/${folder}/_index.md`, `---\ntitle: ${JSON.stringify(title)}\n---\n`);
    }
  }

  write(
    'config.toml',
    `baseURL = "https://docs.example.com/"
title = "벤치마크 분석 개발자 문서"
defaultContentLanguage = "ko"

${site.locales.map((locale, weight) => HUGO_LANGUAGES[locale](weight + 1)).join('\n')}
[markup.goldmark.renderer]
unsafe = true

[markup.tableOfContents]
startLevel = 2
endLevel = 3
`,
  );
  write(
    'layouts/_default/baseof.html',
    `<!doctype html>
<html lang="{{ .Site.Language.Lang }}">
<head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}"></head>
<body>{{ block "main" . }}{{ end }}</body>
</html>
`,
  );
  write(
    'layouts/_default/single.html',
    `{{ define "main" }}<nav class="toc">{{ .TableOfContents }}</nav><article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
`,
  );
  write(
    'layouts/_default/list.html',
    `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`,
  );
  return { contentFiles };
}

/**
 * docgen markdown to Hugo's: `sidebar_position` becomes `weight`, a code fence's `title="..." {3-5}`
 * becomes `{hl_lines=["3-5"]}`, `<!-- truncate -->` becomes `<!--more-->`. Admonitions stay as
 * text and `.md` links as written: Hugo checks neither.
 */
function toHugoMarkdown(markdown: string): string {
  return markdown
    .replace(/^sidebar_position:/m, 'weight:')
    .replace(/^```(\w+) title="[^"]*" \{([\d,-]+)\}$/gm, (_fence, language: string, lines: string) => {
      const ranges = lines.split(',').map((range) => JSON.stringify(range));
      return `\`\`\`${language} {hl_lines=[${ranges.join(',')}]}`;
    })
    .replace('<!-- truncate -->', '<!--more-->');
}

/** Number of files ending in `.html` under `dir`. */
export function countHtmlFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.html')) count++;
  return count;
}
