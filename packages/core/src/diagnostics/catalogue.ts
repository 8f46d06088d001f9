import type { DiagnosticCode } from '@docgen/types';

/** What the manual says of a diagnostic code: one line of what happened, and what to do in general (each report adds its own hint). */
export interface DiagnosticEntry {
  /** Which commands and stages report it, for the manual's sections. */
  area: DiagnosticArea;
  /** Whether it stops the command (error), is printed and the command goes on (warning), or either, as the case may be. */
  severity: 'error' | 'warning' | 'either';
  title: string;
  hint: string;
}

export type DiagnosticArea = 'command' | 'config' | 'content' | 'markdown' | 'site' | 'theme' | 'versions' | 'migrate' | 'pdf';

/** The manual's sections, in order. */
export const DIAGNOSTIC_AREAS: Record<DiagnosticArea, string> = {
  command: 'Commands, processes and the machine',
  config: 'Configuration',
  content: 'Files, paths and front matter',
  markdown: 'Markdown and MDX',
  site: 'Sidebars, links and routes',
  theme: 'Theme, components and rendering',
  versions: 'Versions',
  migrate: 'Migrating from Docusaurus',
  pdf: 'PDF manuals',
};

/**
 * Every diagnostic code docgen reports, with its title and what to do. The type makes it whole:
 * a code without an entry, or an entry of no code, does not compile. The manual's page of errors
 * and warnings (`packages/docs/docs/cli/errors.md`) is generated from it (`pnpm docs:errors`).
 */
export const DIAGNOSTIC_CATALOGUE = {
  usage: {
    area: 'command',
    severity: 'error',
    title: 'A command was given options, arguments or a folder it cannot use',
    hint: 'Read the usage the command prints (`docgen <command> --help`); a folder to write in must be empty or new, and writable.',
  },
  internal: {
    area: 'command',
    severity: 'error',
    title: 'A bug in docgen (exit code 3)',
    hint: 'Report it with the stack trace it prints; `--debug` adds the stack to any other error too.',
  },
  environment: {
    area: 'command',
    severity: 'error',
    title: 'The machine refused a write or a read: full disk, read-only or forbidden folder, too many open files (exit code 4)',
    hint: 'Free space or choose a writable folder (`--out-dir`, `--no-cache`), or use fewer `--threads`; the last good output is kept.',
  },
  'lock-failed': {
    area: 'command',
    severity: 'error',
    title: 'The lock file beside the output folder or in the site cache could not be made',
    hint: "Make the output folder's parent and the site's cache folder writable.",
  },
  'unsafe-out-dir': {
    area: 'command',
    severity: 'error',
    title: 'The output folder is one a build must never replace (the site itself, a folder holding it, its sources)',
    hint: 'Choose an output folder of its own with `--out-dir`, such as `build`.',
  },
  'interrupted-cut': {
    area: 'command',
    severity: 'warning',
    title: 'A killed `docgen version cut` was undone by this command',
    hint: 'Run the cut again; files named as not put back need restoring by hand.',
  },
  'thread-exit': {
    area: 'command',
    severity: 'error',
    title: "A build thread ended while it held pages (the site's code exited or crashed it)",
    hint: 'Look at the pages named: a component or plugin that ends the process, or runs out of memory, fails them.',
  },
  'thread-stalled': {
    area: 'command',
    severity: 'error',
    title: 'A build thread did not answer in its time (an endless loop in a page, a component or a plugin)',
    hint: 'Look at the pages named, and at the components and plugins they use.',
  },
  'config-missing': {
    area: 'config',
    severity: 'error',
    title: 'The folder has no docgen.config.yaml',
    hint: 'Run the command in a site folder, give the site folder as its argument, or make a site with `docgen init`.',
  },
  'config-invalid': {
    area: 'config',
    severity: 'error',
    title: 'docgen.config.yaml has a key of the wrong type, a value out of range, or an unknown key',
    hint: 'Fix the key at the line given; the configuration reference lists every key and its type.',
  },
  'config-custom-css': {
    area: 'config',
    severity: 'error',
    title: 'A stylesheet of `customCss` is missing or outside the site',
    hint: 'List CSS or Sass files of the site, relative to the site folder.',
  },
  'config-markdown-plugin': {
    area: 'config',
    severity: 'error',
    title: 'A remark or rehype plugin of `markdown` cannot be found, loaded or set up',
    hint: "Install the plugin in the site's node_modules, check its name and options, or remove it.",
  },
  'config-theme': {
    area: 'config',
    severity: 'error',
    title: 'The theme named by `theme` cannot be found',
    hint: 'Give a folder with a package.json (relative to the site) or an installed package name.',
  },
  'config-unknown-version': {
    area: 'config',
    severity: 'error',
    title: 'The configuration names a docs version that does not exist',
    hint: 'Use a name of versions.json, or cut the version with `docgen version cut`.',
  },
  'config-navbar-item-type': {
    area: 'config',
    severity: 'error',
    title: 'A navbar item has a type docgen does not know',
    hint: 'Use one of the navbar item types the configuration reference lists.',
  },
  'config-navbar-doc': {
    area: 'config',
    severity: 'error',
    title: 'A navbar item links to a doc that exists in no docs version',
    hint: 'Use the id of an existing doc (its path without extension, or its `id` front matter).',
  },
  'config-navbar-sidebar': {
    area: 'config',
    severity: 'error',
    title: 'A navbar item shows a sidebar that exists in no docs version',
    hint: 'Use the name of a sidebar of sidebars.yaml.',
  },
  'config-language': {
    area: 'config',
    severity: 'warning',
    title: 'A language of `code.additionalLanguages` is not a Prism language',
    hint: 'Use a Prism language name such as groovy, kotlin, python; code in it is shown without colours.',
  },
  'config-html': {
    area: 'config',
    severity: 'warning',
    title: 'HTML of the configuration (a footer or announcement) holds what a page may not run, and it was removed',
    hint: 'Keep configuration HTML to markup; a site-wide script goes in `scripts` or `headTags`.',
  },
  'versions-invalid': {
    area: 'config',
    severity: 'error',
    title: 'versions.json is not a JSON list of version names',
    hint: 'Write versions.json as `docgen version cut` does: a list of names, newest first.',
  },
  'redirect-invalid': {
    area: 'config',
    severity: 'error',
    title: 'A redirect of the configuration leads to no page, would hide a page or file at its old URL, or leads two ways',
    hint: 'Point each redirect from an old path the site no longer has to one of its pages.',
  },
  'redirect-hides-page': {
    area: 'config',
    severity: 'error',
    title: 'A redirect of the configuration starts at the URL of a page or static file the site has, which it would hide',
    hint: 'Remove the redirect, or move the page; `migrate docusaurus` drops such redirects, as Docusaurus ignores them.',
  },
  'yaml-syntax': {
    area: 'config',
    severity: 'error',
    title: 'A YAML file (the configuration, a sidebar, front matter, a translation) does not parse',
    hint: 'Fix the YAML at the line and column given.',
  },
  'yaml-shape': {
    area: 'config',
    severity: 'error',
    title: 'A YAML file parses, but not into the mapping docgen reads',
    hint: 'Write one `key:` entry per item.',
  },
  'front-matter-invalid': {
    area: 'content',
    severity: 'error',
    title: 'A front matter key has a value of the wrong type',
    hint: 'Fix the key at the line given; the front matter reference lists every key and its type.',
  },
  'front-matter-unclosed': {
    area: 'content',
    severity: 'error',
    title: 'A front matter block is opened with `---` and never closed',
    hint: 'End the block with a `---` line.',
  },
  'source-changed': {
    area: 'content',
    severity: 'error',
    title: 'A source file changed while a build was reading the site',
    hint: 'Build again once the file is saved; the build stops rather than mix what the file held before and after.',
  },
  'front-matter-language': {
    area: 'content',
    severity: 'error',
    title: 'Front matter in a language other than YAML (`---js`, `---toml`)',
    hint: 'Front matter is YAML only: start the block with a plain `---` line. Code in front matter is never run.',
  },
  'front-matter-unknown': {
    area: 'content',
    severity: 'warning',
    title: 'A front matter key docgen does not read (reported by `--strict` only: MDX and components may read it)',
    hint: 'Check its spelling, or keep it for the site’s own components.',
  },
  'front-matter-unsupported': {
    area: 'content',
    severity: 'warning',
    title: 'A Docusaurus front matter key docgen does not support yet: it has no effect',
    hint: 'Remove it, or keep it for when docgen supports it.',
  },
  'head-tag-unsafe': {
    area: 'content',
    severity: 'warning',
    title: 'A head tag of the front matter would run script, and what would run it was removed',
    hint: 'A site-wide script goes in `headTags` or `scripts` of docgen.config.yaml.',
  },
  'route-path': {
    area: 'content',
    severity: 'error',
    title: "A file's path cannot become a URL",
    hint: 'Rename the file: letters, digits and `-_.~` make a path every host serves.',
  },
  'blog-permalink': {
    area: 'content',
    severity: 'error',
    title: "A blog post's `slug` or permalink is not a path",
    hint: 'Write a path such as `/my-name`.',
  },
  'blog-date': {
    area: 'content',
    severity: 'error',
    title: 'A blog post has no date, or one that is not a date',
    hint: 'Name the file `YYYY-MM-DD-title.md`, or give `date:` in its front matter.',
  },
  'blog-author': {
    area: 'content',
    severity: 'error',
    title: 'A blog author is not in authors.yaml, or an author entry is not valid',
    hint: 'Add the author to the blog’s authors.yaml, or use a key it has.',
  },
  'duplicate-route': {
    area: 'content',
    severity: 'error',
    title: 'Two files make the same URL',
    hint: 'Rename one of them, or change its `slug`.',
  },
  'folder-unreadable': {
    area: 'content',
    severity: 'warning',
    title: 'A folder of the site could not be read, and its files were left out',
    hint: 'Make the folder readable by the user who builds.',
  },
  'symlink-skipped': {
    area: 'content',
    severity: 'warning',
    title: 'A symbolic link leads outside the site (or nowhere), and was not followed',
    hint: 'Copy the file into the site, or point the link inside it.',
  },
  'version-missing': {
    area: 'content',
    severity: 'error',
    title: 'A version of versions.json has no docs folder that can be read',
    hint: 'Restore the version’s folder (`versioned_docs/version-<name>`), or remove the name from versions.json.',
  },
  'git-last-update': {
    area: 'content',
    severity: 'warning',
    title: 'Last-updated dates were asked for, and git could not give them',
    hint: 'Build in a git clone with its history (`fetch-depth: 0` in CI); front matter `last_update` still sets a date.',
  },
  'translation-status': {
    area: 'content',
    severity: 'warning',
    title: 'Translation statuses come from git, which has no history to give (git missing, no repository, a shallow clone)',
    hint: 'Run in a full git clone of the site (in GitHub Actions, actions/checkout with fetch-depth: 0); until then no translation counts as outdated.',
  },
  markdown: {
    area: 'markdown',
    severity: 'warning',
    title: 'Markdown that works, but not as it was surely meant (an admonition or tab left open, an unknown directive)',
    hint: 'Fix the markdown at the line given.',
  },
  'markdown-second-h1': {
    area: 'markdown',
    severity: 'warning',
    title: 'A page shows a second h1 besides its title (a # heading that is not on its first line)',
    hint: 'Use ## for a section: a page has one h1, its title.',
  },
  'markdown-nesting': {
    area: 'markdown',
    severity: 'error',
    title: 'Content nested deeper than a page may be, or syntax that would take too long to parse',
    hint: 'Nest less: the limits are in the manual’s page on deeply nested content.',
  },
  'markdown-plugin': {
    area: 'markdown',
    severity: 'error',
    title: "A site's remark or rehype plugin threw on a page",
    hint: 'Fix the page or the plugin, or remove the plugin from `markdown` in docgen.config.yaml.',
  },
  'mdx-syntax': {
    area: 'markdown',
    severity: 'error',
    title: 'An `.mdx` page is not valid MDX',
    hint: 'Fix the MDX at the line given; `markdown.mdx1Compat` reads MDX 1 habits (`<!-- -->`, `{#id}`).',
  },
  'mdx-run': {
    area: 'markdown',
    severity: 'error',
    title: 'An `.mdx` page threw when its code ran, or one of its imports cannot be loaded',
    hint: 'Fix the code at the line given (the page’s or the component’s).',
  },
  'mdx-time-limit': {
    area: 'markdown',
    severity: 'error',
    title: 'An `.mdx` page ran longer than a page may',
    hint: 'Look for an endless loop in the page or its components.',
  },
  'mdx-island': {
    area: 'markdown',
    severity: 'warning',
    title: "A site component of an `.mdx` page is given what its browser copy cannot be given (a function, an element's event handler)",
    hint: 'Give components data the browser can receive, or move the handler into the component.',
  },
  'missing-export': {
    area: 'markdown',
    severity: 'warning',
    title: 'A module imports a name its source does not export: it is undefined, as webpack leaves it',
    hint: 'Import only what the module exports; a TypeScript type is imported with `import type`.',
  },
  'sidebar-invalid': {
    area: 'site',
    severity: 'error',
    title: 'A sidebars file has an item docgen cannot read',
    hint: 'Fix the item at the line given; the sidebars page of the manual lists the item types.',
  },
  'sidebar-unknown-doc': {
    area: 'site',
    severity: 'error',
    title: 'A sidebar points at a doc that does not exist',
    hint: 'Use the id of an existing doc of that version.',
  },
  'displayed-sidebar-unknown': {
    area: 'site',
    severity: 'error',
    title: 'Front matter `displayed_sidebar` names a sidebar the version does not have',
    hint: 'Use the name of a sidebar of that version, or null for none.',
  },
  'pagination-unknown-doc': {
    area: 'site',
    severity: 'warning',
    title: 'Front matter `pagination_next` or `pagination_prev` names a doc the version does not have',
    hint: 'Use a doc id of the version, or null for no link.',
  },
  'doc-card-list-no-category': {
    area: 'site',
    severity: 'warning',
    title: "`<DocCardList />` is on a doc that is no category's page, so it has no cards to show",
    hint: "Make the doc its category's page, or pass the cards: `<DocCardList items={[...]} />`.",
  },
  'untranslated-label': {
    area: 'site',
    severity: 'warning',
    title: 'A sidebar label shows untranslated in a locale',
    hint: 'Translate the page, or give the label under `labels` of the locale’s sidebar translations (or list it under `untranslated`).',
  },
  'broken-link': {
    area: 'site',
    severity: 'warning',
    title: 'A link or anchor leads to no page, file or heading (`check-links` fails on it)',
    hint: 'Fix the link; the report names the page it probably meant.',
  },
  'theme-invalid': {
    area: 'theme',
    severity: 'error',
    title: 'The theme does not declare or export what docgen renders with',
    hint: 'Declare each component with its file and export in `docgen.components` of the theme’s package.json.',
  },
  'theme-override-unknown': {
    area: 'theme',
    severity: 'error',
    title: 'A file of `src/theme/` overrides a component the theme does not have',
    hint: 'Use a component name `docgen swizzle --list` shows.',
  },
  'theme-override-twice': {
    area: 'theme',
    severity: 'error',
    title: 'Two files of `src/theme/` override the same component',
    hint: 'Keep one of them.',
  },
  'bundle-failed': {
    area: 'theme',
    severity: 'error',
    title: 'The theme, the site’s components or its MDX modules could not be bundled (esbuild)',
    hint: 'Fix the file and line esbuild names.',
  },
  'render-failed': {
    area: 'theme',
    severity: 'error',
    title: 'A page threw while it was rendered',
    hint: 'Fix the component at the file and line given.',
  },
  'version-exists': {
    area: 'versions',
    severity: 'error',
    title: 'The version to cut is already in versions.json, or its name is the path of another version',
    hint: 'Choose a new name.',
  },
  'version-name': {
    area: 'versions',
    severity: 'error',
    title: 'A version name cannot be a folder and URL segment',
    hint: 'Use letters, digits, `.`, `-` and `_`, such as `2508.1`.',
  },
  'version-no-docs': {
    area: 'versions',
    severity: 'error',
    title: 'The docs to cut (or their instance) do not exist',
    hint: 'Write the docs first, or name the instance with `--docs`.',
  },
  'version-cut-failed': {
    area: 'versions',
    severity: 'error',
    title: 'A version cut failed partway (a write the machine refused) and was undone, or could not be undone whole',
    hint: 'Fix what the report names (space, permissions) and cut again; remove by hand the files it lists as left behind.',
  },
  'migrate-config': {
    area: 'migrate',
    severity: 'error',
    title: "The Docusaurus site's config (or a module it loads) threw, timed out or exited",
    hint: 'Run `npx docusaurus build` in the site to see the same error, or give the time it needs (`DOCGEN_MIGRATE_TIMEOUT_MS`).',
  },
  'migrate-path': {
    area: 'migrate',
    severity: 'error',
    title: 'A file of the Docusaurus site would be written outside the new site',
    hint: 'Rename the file or version in the Docusaurus site.',
  },
  'pdf-browser-missing': {
    area: 'pdf',
    severity: 'error',
    title: '`docgen pdf` found no Chromium to print with, or could not start it',
    hint: 'Install Chromium (Debian, Ubuntu: `sudo apt-get install chromium`), or set `DOCGEN_CHROMIUM` to the path of a Chromium or Chrome.',
  },
  'pdf-font-missing': {
    area: 'pdf',
    severity: 'warning',
    title: 'No installed font carries the Korean, Japanese or Chinese text of a manual, which would print as boxes',
    hint: 'Install a font that does (Debian, Ubuntu: `sudo apt-get install fonts-nanum fonts-noto-cjk`).',
  },
  'pdf-page': {
    area: 'pdf',
    severity: 'warning',
    title: 'A page of a manual could not be printed as the site shows it (no built content, a diagram not drawn)',
    hint: 'Build the site and look at the page; a mermaid diagram that the site cannot draw is printed as its code.',
  },
} as const satisfies Record<DiagnosticCode, DiagnosticEntry>;

/** Where the manual's page of errors and warnings lives, from the repository's root. */
export const DIAGNOSTICS_PAGE = 'packages/docs/docs/cli/errors.md';

/** The manual's page of errors and warnings, made from the catalogue: one section per area, one row per code. */
export function toDiagnosticsPage(): string {
  const entries = Object.entries(DIAGNOSTIC_CATALOGUE) as [DiagnosticCode, DiagnosticEntry][];
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Errors and warnings',
    '',
    `<!-- Made by \`pnpm docs:errors\` from packages/core/src/diagnostics/catalogue.ts: edit the catalogue, not this page. -->`,
    '',
    'Every problem docgen reports has a code. An error stops the command (exit code 2, or 3 and 4',
    'as [Exit codes](./exit-codes.md) say) and names the file, line and column; a warning is printed and',
    'the command goes on (`build --strict` and `--max-warnings N` make warnings fail the build). Each',
    'report says what to do in its own words; this page says what each code means and what to do in',
    'general. The code is in the output of `--format json` (`code` of each diagnostic).',
  ];
  for (const [area, heading] of Object.entries(DIAGNOSTIC_AREAS)) {
    lines.push('', `## ${heading}`, '', '| code | kind | what happened | what to do |', '| --- | --- | --- | --- |');
    for (const [code, entry] of entries) {
      if (entry.area !== area) continue;
      const kind = entry.severity === 'either' ? 'error or warning' : entry.severity;
      lines.push(`| \`${code}\` | ${kind} | ${cell(entry.title)} | ${cell(entry.hint)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
