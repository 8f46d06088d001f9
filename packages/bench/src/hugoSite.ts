import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { FROZEN_VERSION, type GeneratedSite } from './generateSite.js';

/** `hugo version`, or undefined where Hugo is not installed. */
export function getHugoVersion(): string | undefined {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * Writes a minimal Hugo site holding the same markdown as the docgen site: both languages, both
 * versions, the blog, one `_index.md` per folder (Hugo's sections, as `_category_.yaml` is
 * docgen's), and layouts that render each page's content and table of contents. Hugo renders
 * only the English pages that exist: it has no fallback to the Korean source as docgen does.
 */
export function generateHugoSite(site: GeneratedSite, hugoDir: string): { contentFiles: number } {
  rmSync(hugoDir, { recursive: true, force: true });
  const write = (path: string, text: string) => {
    const full = join(hugoDir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  const sections = { ko: new Map<string, string>(), en: new Map<string, string>() };
  let contentFiles = 0;
  const addPage = (language: 'ko' | 'en', path: string, markdown: string) => {
    write(`content/${language}/${path}`, toHugoMarkdown(markdown));
    contentFiles++;
    for (let folder = posix.dirname(path); folder !== '.'; folder = posix.dirname(folder)) {
      if (!sections[language].has(folder)) sections[language].set(folder, posix.basename(folder));
    }
  };

  for (const page of site.docs) {
    const hugoPath = page.version === 'current' ? `docs/${page.relativePath}` : `docs/${FROZEN_VERSION}/${page.relativePath}`;
    addPage('ko', hugoPath, readFileSync(join(site.siteDir, page.sitePath), 'utf8'));
    if (page.translated) addPage('en', hugoPath, readFileSync(join(site.siteDir, 'i18n/en/docs/current', page.relativePath), 'utf8'));
  }
  // Section titles: the labels of the docgen categories.
  for (const [folder] of sections.ko) {
    const docsDir = folder.startsWith(`docs/${FROZEN_VERSION}/`)
      ? `versioned_docs/version-${FROZEN_VERSION}/${folder.slice(`docs/${FROZEN_VERSION}/`.length)}`
      : `docs/${folder.slice('docs/'.length)}`;
    const category = join(site.siteDir, docsDir, '_category_.yaml');
    const label = existsSync(category) ? /^label: "(.*)"$/m.exec(readFileSync(category, 'utf8'))?.[1] : undefined;
    if (label) {
      sections.ko.set(folder, label);
      if (sections.en.has(folder)) sections.en.set(folder, label);
    }
  }
  for (const file of readdirSync(join(site.siteDir, 'blog')).filter((name) => name.endsWith('.md'))) {
    const date = file.slice(0, 10);
    const markdown = readFileSync(join(site.siteDir, 'blog', file), 'utf8').replace(/^---\n/, `---\ndate: ${date}\n`);
    addPage('ko', `blog/${file.slice(11)}`, markdown);
  }
  for (const language of ['ko', 'en'] as const) {
    write(
      `content/${language}/_index.md`,
      `---\ntitle: ${language === 'ko' ? '벤치마크 분석 개발자 문서' : 'Bench Analysis Developer Docs'}\n---\n`,
    );
    for (const [folder, title] of sections[language])
      write(`content/${language}/${folder}/_index.md`, `---\ntitle: ${JSON.stringify(title)}\n---\n`);
  }

  write(
    'config.toml',
    `baseURL = "https://docs.example.com/"
title = "벤치마크 분석 개발자 문서"
defaultContentLanguage = "ko"

[languages.ko]
languageName = "한국어"
contentDir = "content/ko"
weight = 1

[languages.en]
languageName = "English"
contentDir = "content/en"
weight = 2

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
