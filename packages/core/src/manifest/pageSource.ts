import type { GitLastUpdate, PageSourceOptions, PropLastUpdate, PropPageSource } from '@docgen/types';

/** Where a doc or post's file is, for its edit link and its git date. */
export interface PageFile {
  /** Site path of the file the page shows (a translation's own file, or the default locale's). */
  sitePath: string;
  /** Folder of the default locale's file (`docs`, `versioned_docs/version-2.0`, `blog`), site-relative. */
  defaultDir: string;
  /** Path of the file inside its folder, the same in every locale: `guide/intro.md`. */
  path: string;
  locale: string;
  /** True when the page shows its own translation (not the default locale's file). */
  isTranslation: boolean;
  /** Docs only: the version's name (`current`, `2.0`). */
  version?: string;
}

/** What a page's front matter says of its source: its own edit link (null for none) and last update. */
export interface PageSourceFrontMatter {
  customEditUrl?: string | null;
  lastUpdate?: { date?: string; author?: string };
}

/**
 * The edit link and the last update a doc or post shows (Docusaurus's `editUrl`,
 * `editLocalizedFiles`, `custom_edit_url`, `showLastUpdateTime`, `showLastUpdateAuthor`).
 */
export function toPageSource(input: {
  section: 'docs' | 'blog';
  options: PageSourceOptions;
  file: PageFile;
  frontMatter: PageSourceFrontMatter;
  /** The last commits of the site's files, when read. */
  lastUpdates: Record<string, GitLastUpdate> | undefined;
}): PropPageSource {
  const editUrl = getEditUrl(input);
  const lastUpdate = getLastUpdate(input.options, input.frontMatter.lastUpdate, input.lastUpdates?.[input.file.sitePath]);
  return { ...(editUrl && { editUrl }), ...(lastUpdate && { lastUpdate }) };
}

/**
 * The edit link: `custom_edit_url` when given (null: none); else `editUrl` with the file's folder
 * and path appended, or put in for its placeholders. With `editLocalizedFiles`, a translated page
 * links to its own file (`i18n/ko/docs/current/intro.md`), otherwise to the default locale's.
 */
export function getEditUrl(input: {
  section: 'docs' | 'blog';
  options: PageSourceOptions;
  file: PageFile;
  frontMatter: PageSourceFrontMatter;
}): string | undefined {
  const { section, options, file, frontMatter } = input;
  if (frontMatter.customEditUrl !== undefined) return frontMatter.customEditUrl ?? undefined;
  if (!options.editUrl) return undefined;
  const dir =
    options.editLocalizedFiles && file.isTranslation
      ? file.sitePath.slice(0, file.sitePath.length - file.path.length - 1)
      : file.defaultDir;
  const values: Record<string, string> = {
    [section === 'docs' ? 'versionDocsDirPath' : 'blogDirPath']: encodeURI(dir),
    path: encodeURI(file.path),
    [section === 'docs' ? 'docPath' : 'blogPath']: encodeURI(file.path),
    locale: file.locale,
    version: file.version ?? '',
  };
  if (/\{[^{}]*\}/.test(options.editUrl)) return options.editUrl.replace(/\{([^{}]*)\}/g, (match, name: string) => values[name] ?? match);
  return `${options.editUrl.replace(/\/+$/, '')}/${encodeURI(dir)}/${encodeURI(file.path)}`;
}

/**
 * What the page shows of its last change: front matter `last_update` wins field by field over git
 * (as Docusaurus); each field only when the config shows it. A file git does not track has no
 * date from git.
 */
export function getLastUpdate(
  options: PageSourceOptions,
  written: { date?: string; author?: string } | undefined,
  git: GitLastUpdate | undefined,
): PropLastUpdate | undefined {
  const date = options.showLastUpdateTime ? (written?.date ?? git?.date) : undefined;
  const author = options.showLastUpdateAuthor ? (written?.author ?? git?.author) : undefined;
  if (date === undefined && author === undefined) return undefined;
  return { ...(date !== undefined && { date }), ...(author !== undefined && { author }) };
}
