import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `docgen init` writes: the answers of the flags (or of the questions on a terminal). */
export interface StarterSiteOptions {
  /** The folder to create the site in: new, or empty. */
  dir: string;
  title: string;
  /** Origin the site is deployed at, e.g. https://docs.example.com. */
  url: string;
  /** The locales, the default one first. */
  locales: string[];
  blog: boolean;
  /** Version range of the docgen packages the site's package.json depends on. */
  docgenVersion: string;
  /** Today, for the first blog post's file name and the copyright line. */
  now?: Date;
}

export interface StarterSite {
  dir: string;
  /** Paths written, relative to `dir`, sorted. */
  files: string[];
  /**
   * What to tell the user about the language of the starter text, in English: one sentence for each
   * locale that has it in English because docgen init has no text in its language.
   */
  notes: string[];
}

export const DEFAULT_TITLE = 'My Docs';
export const DEFAULT_URL = 'https://docs.example.com';

/**
 * The starter site's files, as real files of this package. `site/` holds the files written once
 * whatever the language, `languages/<language>/` the texts: `strings.json` (labels, tagline,
 * copyright and the home page's texts, by dotted key as the other files name them), `docs/`, and
 * `blog/` unless the blog is left out. Each locale after the first gets `i18n/` into
 * `i18n/<locale>/`, and its language's `docs/intro.md` as its translated doc.
 */
const TEMPLATES = fileURLToPath(new URL('../templates/', import.meta.url));

/** The languages of the starter text, by the script a locale of the language must be written in. */
const LANGUAGES: Record<string, string> = { en: 'Latn', ko: 'Kore', ja: 'Jpan', zh: 'Hans' };

/** A problem with the folder or the options, said before anything is written (exit code 2). */
export class InitError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** Checks an option of `docgen init`; throws InitError. Returns the locales in canonical form. */
export function validateStarterOptions(options: Pick<StarterSiteOptions, 'url' | 'locales' | 'title'>): string[] {
  if (!options.title.trim()) throw new InitError('The title is empty.', 'Give a title, e.g. --title "Acme Docs".');
  let url: URL | undefined;
  try {
    url = new URL(options.url);
  } catch {
    // Reported below.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash) {
    throw new InitError(
      `"${options.url}" is not the origin of a website.`,
      'Give the origin the site will be deployed at, e.g. --url https://docs.example.com (a path under it goes in baseUrl later).',
    );
  }
  if (options.locales.length === 0) throw new InitError('No locale is given.', 'Give at least one locale, e.g. --locales en');
  const locales = options.locales.map((locale) => {
    try {
      return Intl.getCanonicalLocales(locale)[0]!;
    } catch {
      throw new InitError(`"${locale}" is not a locale name.`, 'Give BCP 47 locale names, the default one first, e.g. --locales en,ko');
    }
  });
  const duplicate = locales.find((locale, index) => locales.indexOf(locale) !== index);
  if (duplicate) throw new InitError(`The locale "${duplicate}" is given twice.`, 'Name each locale once, e.g. --locales en,ko');
  return locales;
}

/**
 * Writes a working docgen site into `options.dir`, which must be a new or empty folder (otherwise
 * InitError, and nothing is written). Every file comes from the templates, with their
 * placeholders filled in. The site is written in the default locale's language, and each other
 * locale's translations in its own; English stands in for a language the templates lack.
 */
export function writeStarterSite(options: StarterSiteOptions): StarterSite {
  const locales = validateStarterOptions(options);
  const dir = resolve(options.dir);
  assertEmptyFolder(dir);
  const now = options.now ?? new Date();
  const [defaultLocale, ...otherLocales] = locales;
  const common: Values = {
    title: options.title,
    url: options.url.replace(/\/+$/, ''),
    year: String(now.getUTCFullYear()),
    date: now.toISOString().slice(0, 10),
    defaultLocale: defaultLocale!,
    locales,
    localeConfigs: { raw: locales.map(toLocaleConfig).join('\n') },
    packageName: toPackageName(basename(dir)),
    docgenVersion: options.docgenVersion,
  };
  const language = getStarterLanguage(defaultLocale!) ?? 'en';
  const values = { ...common, ...readStrings(language, common), ...readStrings('en', common, 'english.') };
  const sections = {
    blog: options.blog,
    i18n: otherLocales.length > 0,
    // The home page's texts in the default locale's language, beside the English ones.
    defaultLocaleTexts: language !== 'en',
    // Only in i18n/<locale>/ (see renderTranslations).
    translation: false,
    toTranslate: false,
  };
  const files = new Map<string, string | Buffer>();
  const add = (targetDir: string, rendered: Map<string, string | Buffer>) => {
    for (const [path, content] of rendered) files.set(join(targetDir, path), content);
  };
  add('', renderTemplateDir('site', values, sections));
  add('docs', renderTemplateDir(join('languages', language, 'docs'), values, sections));
  if (options.blog) add('blog', renderTemplateDir(join('languages', language, 'blog'), values, sections));
  for (const locale of otherLocales) add(join('i18n', locale), renderTranslations(locale, language, common, sections));

  const created = !existsSync(dir);
  try {
    for (const [path, content] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeNewFile(join(dir, path), content);
    }
  } catch (error) {
    // Leave the folder as it was: empty, or absent.
    if (created) rmSync(dir, { recursive: true, force: true });
    else for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    throw error;
  }
  const notes = locales
    .filter((locale) => !getStarterLanguage(locale))
    .map((locale) => toEnglishTextNote(locale, locale === defaultLocale));
  return { dir, files: [...files.keys()].map((path) => path.split('\\').join('/')).sort(), notes };
}

/**
 * Writes the new file `file`. A system error that names no file (a full disk: the write of a
 * descriptor names none) gets its path, so that the report says which file; as core's
 * writingFile does, which this module does not load (`docgen --help` stays instant).
 */
function writeNewFile(file: string, content: string | Buffer): void {
  try {
    writeFileSync(file, content, { flag: 'wx' });
  } catch (error) {
    (error as NodeJS.ErrnoException).path ??= file;
    throw error;
  }
}

/**
 * The files of `i18n/<locale>/`, by path under it, in the locale's language: its site.yaml and
 * theme.yaml, which translate the texts the site writes in `siteLanguage`, and its intro.
 */
function renderTranslations(locale: string, siteLanguage: string, common: Values, siteSections: Sections): Map<string, string | Buffer> {
  const language = getStarterLanguage(locale);
  const values: Values = {
    ...common,
    locale,
    localeLabel: getLocaleLabel(locale),
    ...readStrings(language ?? 'en', common),
    ...readStrings(siteLanguage, common, 'source.'),
  };
  // toTranslate: the texts are English, to be translated into the locale's language.
  const sections = { ...siteSections, translation: true, toTranslate: !language };
  const files = renderTemplateDir('i18n', values, sections);
  const intro = join(TEMPLATES, 'languages', language ?? 'en', 'docs', 'intro.md');
  files.set(join('docs', 'current', 'intro.md'), renderTemplate(intro, values, sections));
  return files;
}

/**
 * The language of the starter text for a locale: its own (ko for ko-KR, zh for zh-Hans or zh-CN,
 * not for zh-TW, written in traditional characters), or undefined when the templates lack it.
 */
function getStarterLanguage(locale: string): string | undefined {
  const { language, script } = new Intl.Locale(locale).maximize();
  return LANGUAGES[language] === script ? language : undefined;
}

/** The note about a locale whose starter text is English (see StarterSite.notes). */
function toEnglishTextNote(locale: string, isDefault: boolean): string {
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  const written = isDefault ? "the site's docs, labels and home page are" : `i18n/${locale}/ is`;
  return `docgen init has no starter text in ${name} (${locale}): ${written} in English, to translate.`;
}

/**
 * The texts of a language (its strings.json), each by its dotted key (`labels.docs`) after
 * `prefix`, with their placeholders filled from `values`.
 */
function readStrings(language: string, values: Values, prefix = ''): Values {
  const strings: Values = {};
  const walk = (node: Strings, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') strings[path + key] = fillPlaceholders(value, values, 'raw');
      else walk(value, `${path}${key}.`);
    }
  };
  walk(JSON.parse(readFileSync(join(TEMPLATES, 'languages', language, 'strings.json'), 'utf8')) as Strings, prefix);
  return strings;
}

/** Throws InitError unless `dir` (an absolute path) is absent or an empty folder. */
export function assertEmptyFolder(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) {
    throw new InitError(`${dir} is a file, not a folder.`, 'Give the name of a new folder, e.g. docgen init my-docs');
  }
  const entries = readdirSync(dir);
  if (entries.length > 0) {
    const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
    throw new InitError(
      `${dir} is not empty (${shown}); docgen init writes only into a new or empty folder.`,
      'Give the name of a new folder, e.g. docgen init my-docs',
    );
  }
}

type Value = string | string[] | { raw: string };
type Values = Record<string, Value>;
type Sections = Record<string, boolean>;
interface Strings {
  [key: string]: string | Strings;
}

/**
 * Fills `{{name}}` placeholders (names may be dotted: `{{labels.docs}}`). In JSON a value is
 * written as a JSON string or array, in YAML as a scalar (quoted when YAML would read it
 * otherwise), in TypeScript as a string, so that any title stays one well-formed value; `{ raw }`
 * values are written as they are.
 */
function fillPlaceholders(text: string, values: Values, mode: 'json' | 'yaml' | 'ts' | 'raw'): string {
  return text.replace(/\{\{([\w.]+)\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The template placeholder ${placeholder} has no value`);
    if (typeof value === 'object' && 'raw' in value) return value.raw;
    if (mode === 'json') return JSON.stringify(value);
    if (mode === 'ts') return Array.isArray(value) ? `[${value.map(toTsString).join(', ')}]` : toTsString(value);
    if (mode === 'yaml') return Array.isArray(value) ? `[${value.map(toYamlScalar).join(', ')}]` : toYamlScalar(value);
    return Array.isArray(value) ? value.join(', ') : value;
  });
}

/** `value` as a YAML (or, quoted, JSON) string: plain when YAML reads it back as the same string. */
function toYamlScalar(value: string): string {
  const plain =
    /^[\p{L}\p{N}][^\n]*$/u.test(value) &&
    !/[\s:]$|: | #|[[\]{},&*!|>'"%@`]/.test(value) &&
    !/^(y|n|yes|no|true|false|on|off|null|[\d.+-].*)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

/** `value` as a single-quoted TypeScript string. */
function toTsString(value: string): string {
  return `'${value.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n')}'`;
}

/** Keeps the lines between `{{#name}}` and `{{/name}}` (each alone on its line) when `sections[name]`. */
function keepSections(text: string, sections: Sections): string {
  return text.replace(/^\{\{#(\w+)\}\}\n([\s\S]*?)^\{\{\/\1\}\}\n/gm, (block, name: string, body: string) => {
    if (!(name in sections)) throw new Error(`The template section ${name} is unknown`);
    return sections[name] ? body : '';
  });
}

const FILL_MODES: Record<string, 'json' | 'yaml' | 'ts'> = { '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml', '.ts': 'ts', '.tsx': 'ts' };
const TEXT_FILES = /\.(md|ya?ml|json|tsx?|svg)$|(^|\/)gitignore$/;

function renderTemplate(file: string, values: Values, sections: Sections): string | Buffer {
  if (!TEXT_FILES.test(file.split('\\').join('/'))) return readFileSync(file);
  const mode = FILL_MODES[extname(file)] ?? 'raw';
  return fillPlaceholders(keepSections(readFileSync(file, 'utf8'), sections), values, mode);
}

/** The files of a folder of the templates, rendered, by their paths in it with placeholders filled. */
function renderTemplateDir(templateDir: string, values: Values, sections: Sections): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  for (const path of listTemplateFiles(join(TEMPLATES, templateDir))) {
    files.set(toTargetName(fillPlaceholders(path, values, 'raw')), renderTemplate(join(TEMPLATES, templateDir, path), values, sections));
  }
  return files;
}

/** npm leaves `.gitignore` files out of packages, so the template holds it as `gitignore`. */
function toTargetName(path: string): string {
  return path.replace(/(^|[\\/])gitignore$/, '$1.gitignore');
}

function listTemplateFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else out.push(relative(root, join(dir, entry.name)));
    }
  };
  walk(root);
  return out.sort();
}

/** The name of a language in itself, e.g. "한국어" for ko, capitalised as a menu entry. */
export function getLocaleLabel(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

const RIGHT_TO_LEFT = new Set(['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'sd', 'ur', 'yi']);

/** The `i18n.localeConfigs` entry of a locale, as YAML lines indented under `localeConfigs:`. */
function toLocaleConfig(locale: string): string {
  const direction = RIGHT_TO_LEFT.has(locale.split('-')[0]!) ? 'rtl' : 'ltr';
  return [
    `    ${toYamlScalar(locale)}:`,
    `      label: ${toYamlScalar(getLocaleLabel(locale))}`,
    `      htmlLang: ${toYamlScalar(locale)}`,
    `      direction: ${direction}`,
  ].join('\n');
}

/** A valid npm package name made of the folder's name. */
function toPackageName(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'docs-site';
}
