import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import fg from 'fast-glob';
import { GithubSlugger } from '../vendor/markdown.js';
import { ISLAND_MODULES, readThemeComponents } from '../bundle/index.js';
import { getDefaultThemeDir, readConfig } from '../config/index.js';
import { DocgenError } from '../diagnostics/index.js';
import { FILE_REQUIRE, LOADER_IMPORT, MODULE_IMPORT, readBlogFileName, readFolderFiles } from '../files/index.js';
import { FRONT_MATTER_BLOCK, parseYamlFile } from '../yaml/index.js';
import type { CompiledMarkdown, Diagnostic, SiteConfig, SourceLocation, SourceMarkdown } from '@docgen/types';
import { readSiteContent } from '../content/index.js';
import { createManifest, REDIRECT_HIDES_PAGE } from '../manifest/index.js';
import { checkSiteContent, loadHtmlSanitizer } from '../loadSite.js';
import { sketch } from '../renderPreview.js';
import { findMissingPackages, type MissingPackage } from './componentPackages.js';
import { loadDocusaurusModule } from './loadDocusaurusModule.js';
import { convertConfig, type ContentOptions, type DocsInstanceOptions, type MarkdownFormat } from './docusaurusConfig.js';
import { convertCategoryLink, convertSidebars, withoutVersionPrefix } from './sidebars.js';
import { toConfigYaml, toYaml } from './writeYaml.js';
import { convertFrontMatterHead } from './frontMatterHead.js';
import { readDocusaurusMajor, rewriteMdx1, type Mdx1Rewrite } from './mdx1.js';
import { treeUsesMdx, usesMdx } from './mdxComponents.js';
import { rewriteMdxComments } from './rewriteMarkdown.js';
import { escapeRegExp, findLine, formatReport, type MigrationNote } from './report.js';
import { convertThemeStrings } from './themeStrings.js';

export interface MigrateOptions {
  /** The Docusaurus site; never written to. */
  from: string;
  /** The new docgen site: a new or empty folder; `<from>-docgen` when absent. */
  to?: string;
}

export interface MigrateResult {
  from: string;
  to: string;
  notes: MigrationNote[];
  /** Packages the config imports that were not installed (given stand-ins). */
  stubs: string[];
  /** The `.md` files that use MDX, written as `.mdx` (their site paths in `to`). */
  renamed: string[];
  /** What `docgen build` reports reading, compiling and linking the migrated pages (errors and warnings), at their files in `to`. */
  problems: Diagnostic[];
  /** Packages the site's components import that `to` does not have. */
  packages: MissingPackage[];
  /** MIGRATION.md's text. */
  report: string;
  /** Files written, relative to `to`. */
  written: string[];
}

const CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];
const SIDEBAR_NAMES = ['sidebars.ts', 'sidebars.mts', 'sidebars.js', 'sidebars.mjs', 'sidebars.cjs', 'sidebars.json'];

/**
 * `docgen migrate docusaurus <from> [to]`: writes a docgen site converted from a Docusaurus 2 or
 * 3 site into a new folder, and MIGRATION.md listing everything it did not convert, each with
 * the file and line it is written at and what to do about it.
 */
export async function migrateDocusaurus(options: MigrateOptions): Promise<MigrateResult> {
  const from = resolve(options.from);
  const to = resolve(options.to ?? `${from.replace(/[\\/]+$/, '')}-docgen`);
  const configName = existsSync(from) ? CONFIG_NAMES.find((name) => existsSync(join(from, name))) : undefined;
  if (!configName) {
    throw new DocgenError(`${from} is not a Docusaurus site: it has no ${CONFIG_NAMES.slice(2, 4).join(' or ')}`, {
      code: 'usage',
      hint: 'Give the folder that holds docusaurus.config.js (or .ts, .mjs, .cjs).',
    });
  }
  if (existsSync(to) && readdirSync(to).length > 0) {
    throw new DocgenError(`${to} is not empty`, { code: 'usage', hint: 'Give a new or empty folder to write the docgen site into.' });
  }
  if (!relative(from, to).startsWith('..')) {
    throw new DocgenError(`${to} is inside the Docusaurus site`, {
      code: 'usage',
      hint: 'Write the docgen site to a folder outside the Docusaurus site.',
    });
  }

  const existed = existsSync(to);
  try {
    return await writeSite(from, to, configName);
  } catch (error) {
    // Nothing half-written is left: `to` was new or empty.
    rmSync(to, { recursive: true, force: true });
    if (existed) mkdirSync(to);
    throw error;
  }
}

async function writeSite(from: string, to: string, configName: string): Promise<MigrateResult> {
  const loaded = await loadDocusaurusModule(join(from, configName), configName, from);
  const configText = readFileSync(join(from, configName), 'utf8');
  const converted = convertConfig(loaded.value, configName, configText, from);
  const notes = [...converted.notes];
  const writer = createWriter(to);
  const site: SiteMigration = {
    from,
    to,
    writer,
    notes,
    content: converted.content,
    locales: (converted.config.i18n as { locales: string[] }).locales,
    languages: new Set(),
    markdownFormat: converted.markdownFormat,
    renamed: [],
    mdx1: readDocusaurusMajor(from) === 2,
    mdx1Rewrites: [],
    mdImporters: [],
    imported: new Map(),
  };

  const docsPath = site.content.docs === false ? undefined : stripSlashes(String(site.content.docs.path ?? 'docs'));
  if (site.content.docs !== false) await migrateSidebars(site, site.content.docs.sidebarPath, 'sidebars.yaml', configName, configText);
  const docsExclude = site.content.docs === false ? [] : readExclude(site.content.docs);
  if (docsPath) copyDocs(site, docsPath, 'docs', docsExclude);
  copyVersions(site, '', docsExclude);
  for (const instance of site.content.docsInstances) {
    await migrateSidebars(site, instance.options.sidebarPath, `sidebars-${instance.id}.yaml`, configName, configText);
    const exclude = readExclude(instance.options);
    copyDocs(site, instance.source, instance.target, exclude);
    copyVersions(site, `${instance.id}_`, exclude);
  }
  const blogPath = site.content.blog === false ? undefined : stripSlashes(String(site.content.blog.path ?? 'blog'));
  if (blogPath) copyBlog(site, blogPath, 'blog');
  if (site.content.pages !== false) copyPages(site, stripSlashes(String(site.content.pages.path ?? 'src/pages')), 'pages');
  if (existsSync(join(from, 'static'))) for (const file of list(from, 'static')) writer.copy(join(from, 'static', file), `static/${file}`);
  // A package's stylesheet (`require.resolve('pkg/x.css')`) comes with the package, installed in the new site.
  const packageCss = converted.customCss.filter((css) => css.startsWith('node_modules/'));
  for (const css of converted.customCss) if (!packageCss.includes(css)) writer.copy(join(from, css), css);
  migrateI18n(site, converted.config);
  noteSourceFolder(site, converted.customCss);
  retargetRenamedImports(site);
  copyImportedFiles(site);

  // Loaded here only: importing @docgen/core must not load Prism's grammars (see loadSite.ts).
  const { isDefaultLanguage } = await import('../compile/index.js');
  addDocusaurusLanguages(converted.config, site.languages, isDefaultLanguage);
  writer.text('docgen.config.yaml', toConfigYaml(converted.config, configName));
  notes.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  // The new site as docgen builds it: what compiling its pages and checking their links reports, what
  // the build's later stages report (bundling, rendering), and what its components need installed.
  if (await dropHidingRedirects(site, converted.config, configName, configText))
    writer.text('docgen.config.yaml', toConfigYaml(converted.config, configName));
  const { diagnostics: checked, linksChecked } = await checkSiteContent(to);
  const problems = withoutRepeats([...checked, ...(await readBuildDiagnostics(to))]);
  const packages = await findMissingPackages(
    from,
    to,
    writer.written.filter((file) => /^(src|pages)\/.*\.[cm]?[jt]sx?$/.test(file)),
    packageCss,
  );
  const renamed = site.renamed.sort();
  const mdx1Rewrites = site.mdx1Rewrites.sort((a, b) => a.file.localeCompare(b.file));
  const report = formatReport({ from, notes, stubs: loaded.stubs, renamed, mdx1Rewrites, problems, linksChecked, packages });
  writer.text('MIGRATION.md', report);
  return { from, to, notes, stubs: loaded.stubs, renamed, problems, packages, report, written: writer.written };
}

/** Languages Docusaurus highlights without being told (prism-react-renderer's own set). */
const DOCUSAURUS_LANGUAGES = [
  'markup',
  'jsx',
  'tsx',
  'swift',
  'kotlin',
  'objectivec',
  'reason',
  'rust',
  'graphql',
  'yaml',
  'go',
  'cpp',
  'markdown',
  'python',
  'json',
];

/** Those of Docusaurus's default languages that the site's code blocks use and docgen does not highlight by default, added to docgen's extra languages. */
function addDocusaurusLanguages(config: Record<string, unknown>, used: Set<string>, isDefaultLanguage: (name: string) => boolean): void {
  const code = (config.code ?? {}) as { additionalLanguages?: string[] };
  const languages = new Set(code.additionalLanguages ?? []);
  for (const language of DOCUSAURUS_LANGUAGES) if (used.has(language) && !isDefaultLanguage(language)) languages.add(language);
  if (languages.size > 0) config.code = { additionalLanguages: [...languages] };
}

interface SiteMigration {
  from: string;
  to: string;
  writer: Writer;
  notes: MigrationNote[];
  content: ContentOptions;
  locales: string[];
  /** Languages of the code blocks of every markdown file copied. */
  languages: Set<string>;
  /** How Docusaurus reads markdown (`markdown.format`). */
  markdownFormat: MarkdownFormat;
  /** The `.md` files written as `.mdx`, by their new site path. */
  renamed: string[];
  /** Whether Docusaurus reads the site's markdown as MDX 1 (Docusaurus 2): it is written as MDX 3 reads the same. */
  mdx1: boolean;
  /** The places of markdown files written differently for MDX 3, by file of the Docusaurus site. */
  mdx1Rewrites: Array<{ file: string; rewrites: Mdx1Rewrite[] }>;
  /** The MDX files (and partials) written that import a markdown file by its `.md` name, by their site path. */
  mdImporters: string[];
  /** Whether an MDX file imports code of `src/` (which is then copied). */
  importsComponents?: boolean;
  /** Files MDX files import, by the site path they have in the new site: the Docusaurus site's file. */
  imported: Map<string, string>;
}

interface Writer {
  written: string[];
  copy(source: string, target: string): void;
  text(target: string, text: string): void;
}

function createWriter(to: string): Writer {
  const written: string[] = [];
  const prepare = (target: string) => {
    const path = join(to, target);
    // Paths come from the Docusaurus site (folder names, versions.json): never write outside `to`.
    if (relative(to, path).startsWith('..') || target.split('/').includes('..')) {
      throw new DocgenError(`Refusing to write ${target}: it is outside ${to}`, {
        code: 'migrate-path',
        hint: 'Rename the file or version in the Docusaurus site.',
      });
    }
    mkdirSync(dirname(path), { recursive: true });
    written.push(target);
    return path;
  };
  return {
    written,
    copy: (source, target) => copyFileSync(source, prepare(target)),
    text: (target, text) => writeFileSync(prepare(target), text),
  };
}

/** A JSON file of the Docusaurus site; a syntax error is a DocgenError at its line and column (JSON is YAML). */
function readJson(siteDir: string, path: string): unknown {
  return parseYamlFile(readFileSync(join(siteDir, path), 'utf8'), path).value;
}

const stripSlashes = (path: string) => path.replace(/^\.?\/+|\/+$/g, '');

/** Every file below `dir` of the Docusaurus site (the symlink rule of docgen applies), `/`-separated. */
function list(siteDir: string, dir: string): string[] {
  const path = join(siteDir, dir);
  if (!existsSync(path)) return [];
  return readFolderFiles({ siteDir, dir: path, kind: 'static' }).files.filter((file) => !file.split('/').includes('node_modules'));
}

/**
 * A folder's README.md beside its index.md, or beside a doc named as the folder: both are the
 * folder's page (Docusaurus's category index convention), so Docusaurus warns of the duplicate
 * route and serves one of them (Capacitor's `cli/` and `plugins/`). The other is the page; the
 * README (a table of contents for GitHub) is not copied, and noted.
 */
function isShadowedReadme(site: SiteMigration, source: string, file: string, files: string[]): boolean {
  if (!/^readme\.mdx?$/i.test(posix.basename(file))) return false;
  const folder = posix.dirname(file);
  // The folder's index.md, or the doc named as the folder beside it (`plugins.md` beside `plugins/`).
  const index = files.find(
    (other) =>
      (posix.dirname(other) === folder && /^index\.mdx?$/i.test(posix.basename(other))) ||
      (folder !== '.' && other.replace(/\.mdx?$/, '') === folder),
  );
  if (!index) return false;
  const front = FRONT_MATTER_BLOCK.exec(readFileSync(join(site.from, source, file), 'utf8'));
  if (front && /^(slug|id)\s*:/m.test(front[1]!)) return false;
  site.notes.push({
    file: `${source}/${file}`,
    what: `A README beside \`${posix.basename(index)}\` is not converted: both are the page of their folder, which Docusaurus builds once (it warns of a duplicate route)`,
    todo: 'Give it a slug in its front matter if it is a page of its own.',
  });
  return true;
}

/** A docs plugin's `exclude` globs (relative to its folder): files Docusaurus does not build as docs. */
const readExclude = (options: Record<string, unknown>) =>
  Array.isArray(options.exclude) ? options.exclude.filter((glob): glob is string => typeof glob === 'string') : [];

/**
 * The frozen versions of a docs instance (`prefix` `''` for the default one, `<id>_` for another):
 * its versions.json, versioned docs, and versioned sidebars as YAML.
 */
function copyVersions(site: SiteMigration, prefix: string, exclude: string[]): void {
  const { from, writer, notes } = site;
  const versionsFile = `${prefix}versions.json`;
  if (!existsSync(join(from, versionsFile))) return;
  writer.copy(join(from, versionsFile), versionsFile);
  const versions = readJson(from, versionsFile);
  for (const version of Array.isArray(versions) ? versions.map(String) : []) {
    copyDocs(site, `${prefix}versioned_docs/version-${version}`, `${prefix}versioned_docs/version-${version}`, exclude);
    const sidebarFile = `${prefix}versioned_sidebars/version-${version}-sidebars.json`;
    if (existsSync(join(from, sidebarFile))) {
      const value = withoutVersionPrefix(readJson(from, sidebarFile), `version-${version}/`);
      writer.text(
        sidebarFile.replace(/\.json$/, '.yaml'),
        toYaml(convertSidebars(value, sidebarFile, notes), `Converted from ${sidebarFile}.`),
      );
    }
  }
}

/**
 * A docs instance's sidebars file as `target` (`sidebars.yaml`): the one `sidebarPath` names (as
 * written, or the absolute path `require.resolve` gives), else, for the default instance, the
 * first of SIDEBAR_NAMES; none for `sidebarPath: false` (Docusaurus's docs without sidebars) or
 * when the site has none.
 */
async function migrateSidebars(
  site: SiteMigration,
  sidebarPath: unknown,
  target: string,
  configName: string,
  configText: string,
): Promise<void> {
  if (sidebarPath === false) return;
  const named = typeof sidebarPath === 'string' && sidebarPath !== '';
  const name = named
    ? relative(site.from, resolve(site.from, sidebarPath)).split(sep).join('/')
    : target === 'sidebars.yaml'
      ? SIDEBAR_NAMES.find((file) => existsSync(join(site.from, file)))
      : undefined;
  if (!name) return;
  if (!existsSync(join(site.from, name))) {
    site.notes.push({
      file: configName,
      line: findLine(configText, 'sidebarPath'),
      what: `The sidebars file ${name} that \`sidebarPath\` names does not exist: the docs get one autogenerated sidebar`,
      todo: `Write ${target} of the migrated site, or fix sidebarPath and migrate again.`,
    });
    return;
  }
  const value = name.endsWith('.json')
    ? readJson(site.from, name)
    : (await loadDocusaurusModule(join(site.from, name), name, site.from)).value;
  site.writer.text(target, toYaml(convertSidebars(value, name, site.notes), `Converted from ${name}.`));
}

/**
 * A docs folder: markdown as it is (MDX features are noted), `_category_.json`/`.yml` as
 * `_category_.yaml` with the generated-index slug Docusaurus gives it written out (docgen makes
 * slugs its own way), every other file (images, partials) copied.
 */
function copyDocs(site: SiteMigration, source: string, target: string, exclude: string[]): void {
  const slugger = new GithubSlugger();
  // What the docs plugin's `exclude` leaves out is not a doc: copied only if a page imports it.
  const excluded = new Set(
    exclude.length > 0 && existsSync(join(site.from, source)) ? fg.sync(exclude, { cwd: join(site.from, source), dot: true }) : [],
  );
  const files = list(site.from, source);
  for (const file of files) {
    if (excluded.has(file) || isShadowedReadme(site, source, file, files)) continue;
    const sourcePath = `${source}/${file}`;
    const category = /(^|\/)_category_\.(json|ya?ml)$/.exec(file);
    if (category) {
      const text = readFileSync(join(site.from, sourcePath), 'utf8');
      const value = (parseYamlFile(text, sourcePath).value ?? {}) as Record<string, unknown>;
      const folder = posix.basename(posix.dirname(file) === '.' ? source : posix.dirname(file));
      const converted: Record<string, unknown> = { ...value };
      const link = convertCategoryLink(value.link);
      if (link?.type === 'generated-index' && link.slug === undefined) {
        link.slug = `/category/${slugger.slug(typeof value.label === 'string' ? value.label : folder)}`;
      }
      if (link) converted.link = link;
      else delete converted.link;
      for (const key of ['customProps', 'description']) {
        if (key in converted) {
          site.notes.push({
            file: sourcePath,
            line: findLine(text, key),
            what: `Category option \`${key}\` is not converted`,
            todo: 'docgen does not read it.',
          });
          delete converted[key];
        }
      }
      site.writer.text(
        `${target}/${posix.dirname(file) === '.' ? '' : `${posix.dirname(file)}/`}_category_.yaml`,
        toYaml(converted, `Converted from ${sourcePath}.`),
      );
      continue;
    }
    copyMarkdownOrFile(site, sourcePath, `${target}/${file}`);
  }
}

function copyMarkdownOrFile(site: SiteMigration, sourcePath: string, targetPath: string, rewrite?: (text: string) => string): void {
  if (!/\.mdx?$/.test(sourcePath)) {
    site.writer.copy(join(site.from, sourcePath), targetPath);
    return;
  }
  const read = readFileSync(join(site.from, sourcePath), 'utf8');
  const original = convertFrontMatterHead(rewrite ? rewrite(read) : read, sourcePath, site.notes);
  // Docusaurus 2 reads markdown as MDX 1: a file docgen reads as MDX is written as MDX 3 reads the same.
  const mdx3 = site.mdx1 ? rewriteMdx1(original) : undefined;
  const asMdx = mdx3?.text ?? original;
  // A .md file Docusaurus reads as MDX and that uses MDX is written as .mdx, which docgen reads as MDX
  // (same id and URL). Partials keep their name: the files that import them name it, and docgen reads them as MDX.
  const partial = posix.basename(sourcePath).startsWith('_');
  // A Docusaurus 2 file's tree was read by rewriteMdx1 already; none when MDX 3 cannot read it.
  const usesMdxHere = () => (mdx3 ? mdx3.tree !== undefined && treeUsesMdx(mdx3.tree) : usesMdx(asMdx));
  const mdx = sourcePath.endsWith('.mdx') || (!partial && readsAsMdx(site.markdownFormat, asMdx, sourcePath) && usesMdxHere());
  const written = mdx || partial ? asMdx : original;
  if (written === asMdx && mdx3 && mdx3.rewrites.length > 0) site.mdx1Rewrites.push({ file: sourcePath, rewrites: mdx3.rewrites });
  const target = mdx ? targetPath.replace(/\.md$/, '.mdx') : targetPath;
  if (target !== targetPath) site.renamed.push(target);
  // MDX is a program docgen runs as Docusaurus does: written as it is. Markdown gets docgen's way of writing MDX's comments.
  const text = mdx ? written : rewriteMdxComments(written);
  site.writer.text(target, text);
  // The site's code a file imports (`@site/src/...`, `../src/...`): src/ comes along.
  if (mdx && /^import\s[^'"]*['"](@site\/src\/|\.{1,2}\/[^'"]*src\/)/m.test(written)) site.importsComponents = true;
  if (mdx) recordImportedFiles(site, sourcePath, target, written);
  // An import of another markdown file by its `.md` name, which may be written as .mdx (retargetRenamedImports).
  if ((mdx || partial) && RELATIVE_MD_IMPORT.test(written)) site.mdImporters.push(target);
  for (const match of text.matchAll(/^\s{0,3}(?:`{3,}|~{3,})\s*([\w+-]+)/gm)) site.languages.add(match[1]!.toLowerCase());
}

/** An import statement of a markdown file by a relative path ending in `.md`. */
const RELATIVE_MD_IMPORT = /^import\s[^\n]*['"]\.{1,2}\/[^'"\n]*\.md['"]/m;

/**
 * A doc written as .mdx is imported by its new name: Keploy's pages import
 * `../concepts/installation.md`, a doc of its own that uses MDX. Docusaurus resolves the name as
 * written; docgen finds the file at the name the migration gave it.
 */
function retargetRenamedImports(site: SiteMigration): void {
  const renamed = new Set(site.renamed);
  if (renamed.size === 0) return;
  for (const file of site.mdImporters) {
    const text = readFileSync(join(site.to, file), 'utf8');
    const retargeted = text.replace(MODULE_IMPORT, (statement, specifier: string) => {
      if (!/^\.{1,2}\/.*\.md$/.test(specifier) || !renamed.has(posix.join(posix.dirname(file), `${specifier}x`))) return statement;
      return statement.replace(/(['"])[^'"]+(['"])$/, `$1${specifier}x$2`);
    });
    if (retargeted !== text) writeFileSync(join(site.to, file), retargeted);
  }
}

/** A module of the site's code, whose imports come along with it. */
const CODE_FILE = /\.[cm]?[jt]sx?$/;

/**
 * What MDX files and the site's code import from outside the folders copied (data beside the
 * docs, a page's example, `@site/config/constants`), at the same place; and what those import.
 */
function copyImportedFiles(site: SiteMigration): void {
  const copied = new Set(site.writer.written);
  for (let round = 0; round < 10 && site.imported.size > 0; round++) {
    // A doc written as .mdx is not copied again under its old name (retargetRenamedImports).
    const pending = [...site.imported].filter(([target]) => !copied.has(target) && !(target.endsWith('.md') && copied.has(`${target}x`)));
    site.imported.clear();
    for (const [target, source] of pending) {
      site.writer.copy(source, target);
      copied.add(target);
      if (CODE_FILE.test(target))
        recordImportedFiles(site, relative(site.from, source).split(sep).join('/'), target, readFileSync(source, 'utf8'));
    }
  }
}

/** What an import may leave out, as webpack resolves it. */
const IMPORT_SUFFIXES = ['', '.tsx', '.ts', '.jsx', '.js', '.json', '.mdx', '.md', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/**
 * The site's files an MDX file imports (relative or `@site/`, through a webpack loader too), each
 * by the path it has beside the file in the new site: copied at the end unless something else put
 * it there (the folders migrate copies).
 */
function recordImportedFiles(site: SiteMigration, sourcePath: string, targetPath: string, text: string): void {
  for (const match of [...text.matchAll(MODULE_IMPORT), ...text.matchAll(FILE_REQUIRE)]) {
    const specifier = LOADER_IMPORT.exec(match[1]!)?.[2] ?? match[1]!;
    const fromRoot = specifier.startsWith('@site/');
    if (!fromRoot && !/^\.{1,2}\//.test(specifier)) continue;
    const source = fromRoot ? specifier.slice('@site/'.length) : posix.join(posix.dirname(sourcePath), specifier);
    const target = fromRoot ? specifier.slice('@site/'.length) : posix.join(posix.dirname(targetPath), specifier);
    if (source.startsWith('..') || target.startsWith('..') || source.split('/').includes('node_modules')) continue;
    const suffix = IMPORT_SUFFIXES.find((candidate) => {
      const path = join(site.from, source + candidate);
      return existsSync(path) && statSync(path).isFile();
    });
    if (suffix !== undefined) site.imported.set(posix.normalize(target + suffix), join(site.from, source + suffix));
  }
}

/**
 * Whether Docusaurus reads a `.md` file as MDX: its front matter's `mdx.format`, else the
 * config's `markdown.format` (`mdx` by default; `detect` reads `.md` as CommonMark).
 */
function readsAsMdx(format: MarkdownFormat, text: string, sourcePath: string): boolean {
  const front = FRONT_MATTER_BLOCK.exec(text);
  let own: unknown;
  try {
    own = front ? (parseYamlFile(front[1]!, sourcePath).value as { mdx?: { format?: unknown } } | null)?.mdx?.format : undefined;
  } catch {
    // Front matter the build reports: the config's format decides here.
  }
  const chosen = own === 'md' || own === 'mdx' || own === 'detect' ? own : format;
  return chosen === 'mdx';
}

/** The blog: posts and their files as they are, authors.yml and tags.yml as authors.yaml and tags.yaml. */
function copyBlog(site: SiteMigration, source: string, target: string): void {
  for (const file of list(site.from, source)) {
    const sourcePath = `${source}/${file}`;
    const renamed = /^(authors|tags)\.yml$/.exec(file);
    if (renamed) {
      site.writer.copy(join(site.from, sourcePath), `${target}/${renamed[1]}.yaml`);
      continue;
    }
    copyMarkdownOrFile(
      site,
      sourcePath,
      `${target}/${file}`,
      /\.mdx?$/.test(file) ? (text) => withDocusaurusPostDate(site, sourcePath, file, withDocusaurusPostSlug(file, text)) : undefined,
    );
  }
}

/**
 * A post with no date in its file name or front matter, with the date Docusaurus gives it: its
 * file's first commit, else the file's creation time. docgen asks every post for its date; the
 * migrated post is dated once, in its front matter, instead of by every build.
 */
function withDocusaurusPostDate(site: SiteMigration, sourcePath: string, post: string, text: string): string {
  const front = FRONT_MATTER_BLOCK.exec(text);
  if (readBlogFileName(post) || (front && /^date\s*:/m.test(front[1]!))) return text;
  const file = join(site.from, sourcePath);
  const git = spawnSync('git', ['log', '--format=%cI', '--max-count=1', '--follow', '--diff-filter=A', '--', posix.basename(file)], {
    cwd: dirname(file),
    encoding: 'utf8',
  });
  const committed = git.status === 0 ? git.stdout.trim() : '';
  const date = committed ? new Date(committed) : statSync(file).birthtime;
  const line = `date: ${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}`;
  return front ? text.replace(/^(---[^\n]*\n)/, `$1${line}\n`) : `---\n${line}\n---\n${text}`;
}

/**
 * A post whose file name holds its date and whose front matter names no slug, with the slug
 * Docusaurus gives it (`/2021/12/29/yearly-update`, the date in the URL), which docgen leaves out
 * by default: its URL stays the same.
 */
function withDocusaurusPostSlug(file: string, text: string): string {
  const match = readBlogFileName(file);
  const front = FRONT_MATTER_BLOCK.exec(text);
  if (!match || (front && /^slug\s*:/m.test(front[1]!))) return text;
  const slug = `slug: /${match.written.replaceAll('-', '/')}/${match.folder}${match.text}`.replace(/\/$/, '');
  return front ? text.replace(/^(---[^\n]*\n)/, `$1${slug}\n`) : `---\n${slug}\n---\n${text}`;
}

/**
 * `src/pages`: every file as it is, in `pages/`: markdown pages, React pages (which docgen runs
 * against its counterparts of Docusaurus's modules) and what they keep beside them (CSS modules,
 * images, `_` components). A relative import of a file outside the folder is rewritten for the
 * new place (`../components/X` becomes `../src/components/X`), and the site's code the pages
 * import comes along (src/, and what they import from elsewhere).
 */
function copyPages(site: SiteMigration, source: string, target: string): void {
  for (const file of list(site.from, source)) {
    const sourcePath = `${source}/${file}`;
    const excluded = file.split('/').some((part) => part.startsWith('_')) || /\.test\.[jt]sx?$/.test(file);
    if (/\.mdx?$/.test(file) && !excluded) {
      copyMarkdownOrFile(site, sourcePath, `${target}/${file}`);
    } else if (CODE_FILE.test(file)) {
      const text = readFileSync(join(site.from, sourcePath), 'utf8');
      // `@site/src/pages/x` (Jest's home page imports its animation so) is `@site/pages/x` now.
      const moved = toCopiedModule(site, text, sourcePath, `${target}/${file}`, source).replace(
        new RegExp(`(['"])@site/${escapeRegExp(source)}/`, 'g'),
        `$1@site/${target}/`,
      );
      site.writer.text(`${target}/${file}`, moved);
      // What it imports from outside the folder is at the same place in both sites; what it imports in the folder is copied with it.
      const before = new Set(site.imported.keys());
      recordImportedFiles(site, sourcePath, sourcePath, text);
      for (const recorded of site.imported.keys()) {
        if (!before.has(recorded) && recorded.startsWith(`${source}/`)) site.imported.delete(recorded);
      }
      site.importsComponents = true;
    } else {
      site.writer.copy(join(site.from, sourcePath), `${target}/${file}`);
    }
  }
}

/** A relative specifier of an import, a dynamic import or a require: the text before it, its quote, and it. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.\.?\/[^'"\n]*)\2/g;

/**
 * What `docgen build` reports for the new site, all its stages: it is built into a folder that is
 * thrown away, without a cache (the new site keeps no trace of it). An error that stops the
 * build is one of them.
 */
async function readBuildDiagnostics(siteDir: string): Promise<Diagnostic[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'docgen-migrate-build-'));
  try {
    // Imported when a migration gets this far: the build brings every stage with it.
    const { build } = await import('../build.js');
    return (await build({ siteDir, outDir, cache: false })).diagnostics;
  } catch (error) {
    if (error instanceof DocgenError) return error.diagnostics;
    throw error;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Client redirects from a URL that is a page of the site: Docusaurus ignores them (with a warning),
 * docgen's build refuses them. They are taken out of `config` with a note each; true when any was.
 * The site's routes come from its sources alone (see readHidingRedirects), so that pages that do
 * not compile yet (their packages are not installed) do not hide the problem.
 */
async function dropHidingRedirects(
  site: SiteMigration,
  config: Record<string, unknown>,
  configName: string,
  configText: string,
): Promise<boolean> {
  if (!Array.isArray(config.redirects)) return false;
  let siteConfig: SiteConfig;
  try {
    siteConfig = readConfig(site.to);
  } catch (error) {
    // A config docgen refuses: the report says why (checkSiteContent), and no redirect is judged.
    if (error instanceof DocgenError) return false;
    throw error;
  }
  const froms = new Set(await readHidingRedirects(site.to, siteConfig));
  if (froms.size === 0) return false;
  type Redirect = { from: string | string[]; to: string };
  config.redirects = (config.redirects as Redirect[]).flatMap((redirect) => {
    const kept = [redirect.from].flat().filter((from) => !froms.has(from));
    return kept.length === 0 ? [] : [{ ...redirect, from: kept.length === 1 ? kept[0]! : kept }];
  });
  if ((config.redirects as Redirect[]).length === 0) delete config.redirects;
  for (const from of froms) {
    site.notes.push({
      file: configName,
      line: findLine(configText, from) ?? findLine(configText, 'redirects'),
      what: `The client redirect from \`${from}\` is left out: that URL is a page of the site`,
      todo: 'Docusaurus ignores a redirect from an existing page (with a warning); docgen refuses one. Nothing to do unless the page should go.',
    });
  }
  return true;
}

/**
 * The `from` of each config redirect whose old URL is a route of the site, found by making the
 * site's routes from its sources without compiling them (each page sketched, as a preview of the
 * dev server starts: routes do not depend on what a page says). None when the routes cannot be made so.
 */
async function readHidingRedirects(siteDir: string, config: SiteConfig): Promise<string[]> {
  const compiled = new Map<string, CompiledMarkdown>();
  const compile = (source: SourceMarkdown<unknown>) => {
    const key = source.file.sitePath;
    return compiled.get(key) ?? compiled.set(key, sketch(key, source)).get(key)!;
  };
  try {
    const content = readSiteContent(siteDir, config);
    const sanitizeHtml = await loadHtmlSanitizer(config, content);
    createManifest(
      { siteDir, config, content, compile, getCompiled: (key) => compiled.get(key)!, includeDrafts: false, sanitizeHtml },
      'migrate',
    );
    return [];
  } catch (error) {
    if (!(error instanceof DocgenError)) return [];
    const at = (location: SourceLocation | undefined) => `${location?.file}:${location?.line}:${location?.column}`;
    const hiding = new Set(
      error.diagnostics.filter((diagnostic) => diagnostic.code === REDIRECT_HIDES_PAGE).map((diagnostic) => at(diagnostic.location)),
    );
    return config.redirects.filter((redirect) => hiding.has(at(redirect.location))).map((redirect) => redirect.from);
  }
}

/** Diagnostics without the ones given twice (the same at the same place), first kept. */
function withoutRepeats(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const { file, line, column } = diagnostic.location ?? {};
    const key = JSON.stringify([diagnostic.severity, file, line, column, diagnostic.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Where the new site keeps the files the site's code imports from outside its folder (a monorepo's `errors.json`). */
const OUTSIDE_FOLDER = '_outside';

/**
 * A code file copied from `sourcePath` to `targetPath`: its relative imports lead to the same
 * files. A file of `folder` (when the whole folder moves, as src/pages does) moves with it; a file
 * outside the Docusaurus site's folder is copied into `_outside/` (its path from the site's parent
 * folders); any other file stays where it was.
 */
function toCopiedModule(site: SiteMigration, text: string, sourcePath: string, targetPath: string, folder?: string): string {
  return text.replace(RELATIVE_SPECIFIER, (written, before: string, quote: string, specifier: string) => {
    const resolved = posix.normalize(posix.join(posix.dirname(sourcePath), specifier));
    if (folder !== undefined && resolved.startsWith(`${folder}/`)) return written;
    const outside = resolved.startsWith('../');
    if (!outside && folder === undefined) return written;
    const placed = outside ? `${OUTSIDE_FOLDER}/${resolved.replace(/^(\.\.\/)+/, '')}` : resolved;
    if (outside) {
      const suffix = IMPORT_SUFFIXES.find((candidate) => isFile(join(site.from, resolved + candidate)));
      if (suffix === undefined) return written;
      site.imported.set(placed + suffix, join(site.from, resolved + suffix));
    }
    const moved = posix.relative(posix.dirname(targetPath), placed);
    return `${before}${quote}${moved.startsWith('.') ? moved : `./${moved}`}${quote}`;
  });
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * `i18n/<locale>/`: Docusaurus plugin folders to docgen's layout (docs/<version>, blog, pages),
 * and the JSON translation files to site.yaml's labels, title and copyright.
 */
function migrateI18n(site: SiteMigration, config: Record<string, unknown>): void {
  const localeConfigs = ((config.i18n as { localeConfigs?: Record<string, { path?: string }> }).localeConfigs ?? {}) as Record<
    string,
    { path?: string }
  >;
  for (const locale of site.locales) {
    const dir = `i18n/${localeConfigs[locale]?.path ?? locale}`;
    const sourceDir = `i18n/${locale}`;
    // The theme's texts: Docusaurus's own translations of them, then the site's (code.json).
    const theme = new Map(readDocusaurusThemeTranslations(site.from, locale));
    const themeSources = theme.size > 0 ? ['@docusaurus/theme-translations'] : [];
    const writeTheme = () => {
      const { strings } = convertThemeStrings([...theme]);
      if (Object.keys(strings).length === 0) return;
      site.writer.text(
        `${dir}/theme.yaml`,
        toYaml(strings, `UI strings of the ${locale} locale, converted from ${themeSources.join(' and ')}.`),
      );
    };
    if (!existsSync(join(site.from, sourceDir))) {
      writeTheme();
      continue;
    }
    const labels: Record<string, string> = {};
    const categoryIndexes: Record<string, { title?: string; description?: string }> = {};
    const siteTexts: Record<string, string> = {};
    for (const file of list(site.from, sourceDir)) {
      const sourcePath = `${sourceDir}/${file}`;
      const [folder, ...rest] = file.split('/');
      const inner = rest.join('/');
      // The docs plugin's folder, or a docs instance's (`docusaurus-plugin-content-docs-<id>`).
      const instance = site.content.docsInstances.find((candidate) => folder === `docusaurus-plugin-content-docs-${candidate.id}`);
      const plugin = instance ? 'docusaurus-plugin-content-docs' : folder;
      if (plugin === 'docusaurus-plugin-content-docs' && rest.length > 1) {
        if (/(^|\/)_category_\.(json|ya?ml)$/.test(inner)) translateCategory(site, sourcePath, inner, labels, instance);
        else copyMarkdownOrFile(site, sourcePath, `${dir}/${instance ? `docs-${instance.id}` : 'docs'}/${inner}`);
      } else if (plugin === 'docusaurus-plugin-content-docs' && /\.json$/.test(inner)) {
        const messages = readMessages(site, sourcePath);
        for (const [key, message] of messages) {
          const indexText = /^sidebar\.[^.]+\.category\.(.+)\.link\.generated-index\.(title|description)$/.exec(key);
          const category = /^sidebar\.[^.]+\.(?:category|link|doc)\.(.+)$/.exec(key);
          if (key === 'version.label') labels[readVersionLabel(config, inner.replace(/\.json$/, ''), instance?.id)] = message;
          else if (indexText) {
            // docgen titles a generated index with the category's label, translated as the label is,
            // unless site.yaml's categoryIndexes gives it a title of its own.
            const label = messages.find(([other]) => other === key.replace(/\.link\.generated-index\.\w+$/, ''))?.[1];
            if (indexText[2] === 'description' || message !== label) {
              const index = (categoryIndexes[indexText[1]!] ??= {});
              index[indexText[2] as 'title' | 'description'] = message;
            }
          } else if (category) labels[category[1]!] = message;
          else noteTranslation(site, sourcePath, key);
        }
      } else if (plugin === 'docusaurus-plugin-content-blog' && rest.length > 0) {
        if (inner === 'options.json') {
          for (const [key, message] of readMessages(site, sourcePath)) {
            if (key === 'title') siteTexts.blogTitle = message;
            else if (key === 'description') siteTexts.blogDescription = message;
            else if (!key.startsWith('sidebar.title')) noteTranslation(site, sourcePath, key);
          }
        } else {
          const renamed = /^(authors|tags)\.yml$/.exec(inner);
          if (renamed) site.writer.copy(join(site.from, sourcePath), `${dir}/blog/${renamed[1]}.yaml`);
          else
            copyMarkdownOrFile(
              site,
              sourcePath,
              `${dir}/blog/${inner}`,
              /\.mdx?$/.test(inner) ? (text) => withDocusaurusPostDate(site, sourcePath, inner, text) : undefined,
            );
        }
      } else if (plugin === 'docusaurus-plugin-content-pages' && rest.length > 0) {
        copyMarkdownOrFile(site, sourcePath, `${dir}/pages/${inner}`);
      } else if (plugin === 'docusaurus-theme-classic' && /^(navbar|footer)\.json$/.test(inner)) {
        for (const [key, message] of readMessages(site, sourcePath)) {
          const label = /^(?:item\.label|link\.title|link\.item\.label|logo\.alt)\.(.+)$/.exec(key);
          if (key === 'title') labels[readNavbarTitle(config) ?? key] = message;
          else if (key === 'copyright') siteTexts.copyright = message;
          else if (label) labels[label[1]!] = message;
          else noteTranslation(site, sourcePath, key);
        }
      } else if (file === 'code.json') {
        // The theme's ids (`theme.…`) to docgen's UI strings; the site's own, of its <Translate> and translate(), as they are.
        const messages = readMessages(site, sourcePath);
        const own = messages.filter(([id]) => !id.startsWith('theme.'));
        if (own.length > 0) {
          site.writer.text(
            `${dir}/code.yaml`,
            toYaml(
              Object.fromEntries(own),
              `Messages of the site's <Translate> and translate() in the ${locale} locale, by id, from ${sourcePath}.`,
            ),
          );
        }
        const themeMessages = messages.filter(([id]) => id.startsWith('theme.'));
        for (const [id, message] of themeMessages) theme.set(id, message);
        if (themeMessages.length > 0) themeSources.push(sourcePath);
        const { unmapped } = convertThemeStrings(themeMessages);
        if (unmapped.length > 0) {
          const text = readFileSync(join(site.from, sourcePath), 'utf8');
          site.notes.push({
            file: sourcePath,
            line: findLine(text, JSON.stringify(unmapped[0])),
            what: `${unmapped.length} theme translation${unmapped.length === 1 ? '' : 's'} with no docgen counterpart ${unmapped.length === 1 ? 'is' : 'are'} not converted`,
            todo: `docgen's theme has no text for ${unmapped.map((id) => `\`${id}\``).join(', ')}.`,
          });
        }
      } else {
        site.notes.push({
          file: sourcePath,
          what: 'A translation file is not converted',
          todo: 'docgen reads translations of docs, blog, pages and site texts only.',
        });
      }
    }
    writeTheme();
    const hasIndexes = Object.keys(categoryIndexes).length > 0;
    if (Object.keys(labels).length > 0 || Object.keys(siteTexts).length > 0 || hasIndexes) {
      site.writer.text(
        `${dir}/site.yaml`,
        toYaml(
          { ...siteTexts, ...(Object.keys(labels).length > 0 && { labels }), ...(hasIndexes && { categoryIndexes }) },
          `Texts of the ${locale} locale, converted from ${sourceDir}/*.json. Keys of labels are the labels as the config writes them.`,
        ),
      );
    }
  }
}

/**
 * Docusaurus's own translations of its theme for a locale (`@docusaurus/theme-translations`, as
 * installed in the site), as `[id, message]`: what a Docusaurus site shows in that locale where
 * its code.json says nothing (admonition titles, "Edit this page"). The locale's folder is found
 * as Docusaurus finds it: `zh-CN` reads `zh-Hans`, `pt-br` reads `pt-BR`. None when the package
 * is not installed or has no such locale.
 */
function readDocusaurusThemeTranslations(siteDir: string, locale: string): [string, string][] {
  const root = join(siteDir, 'node_modules/@docusaurus/theme-translations/locales');
  if (!existsSync(root)) return [];
  const folders = readdirSync(root);
  let full: Intl.Locale | undefined;
  try {
    full = new Intl.Locale(locale).maximize();
  } catch {
    // Not a BCP 47 tag: its name alone.
  }
  const candidates = [locale, ...(full ? [`${full.language}-${full.region}`, `${full.language}-${full.script}`, full.language] : [])];
  const folder = candidates
    .map((candidate) => folders.find((name) => name.toLowerCase() === candidate.toLowerCase()))
    .find((name) => name !== undefined);
  if (!folder) return [];
  return readdirSync(join(root, folder))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => Object.entries(JSON.parse(readFileSync(join(root, folder, file), 'utf8')) as Record<string, unknown>))
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[0].endsWith('___DESCRIPTION'));
}

function readNavbarTitle(config: Record<string, unknown>): string | undefined {
  return (config.navbar as { title?: string } | undefined)?.title;
}

/** The label docgen shows for a version of a docs instance (`id`; the default one when absent): its label in the config, else `Next` or its name. */
function readVersionLabel(config: Record<string, unknown>, file: string, id?: string): string {
  const name = file === 'current' ? 'current' : file.replace(/^version-/, '');
  type Docs = { id?: string; versions?: Record<string, { label?: string }> };
  const docs =
    id === undefined ? (config.docs as Docs | undefined) : (config.docsInstances as Docs[] | undefined)?.find((entry) => entry.id === id);
  const versions = docs?.versions;
  return versions?.[name]?.label ?? (name === 'current' ? 'Next' : name);
}

/**
 * A translated `_category_` file (`current/guide/_category_.json` under the locale's docs
 * folder): docgen reads categories from the docs folder only, so its label (and generated-index
 * title) become translated labels of the label the docs folder's category file gives. Any other
 * option that differs from the docs folder's is noted.
 */
function translateCategory(
  site: SiteMigration,
  sourcePath: string,
  inner: string,
  labels: Record<string, string>,
  instance: DocsInstanceOptions | undefined,
): void {
  const text = readFileSync(join(site.from, sourcePath), 'utf8');
  const translated = (parseYamlFile(text, sourcePath).value ?? {}) as Record<string, unknown>;
  const [version, ...rest] = inner.split('/');
  const folder = rest.slice(0, -1).join('/');
  const currentDir = instance
    ? instance.source
    : stripSlashes(String((site.content.docs === false ? undefined : site.content.docs.path) ?? 'docs'));
  const docsDir = version === 'current' ? currentDir : `${instance ? `${instance.id}_` : ''}versioned_docs/${version}`;
  const sourceFile = ['json', 'yml', 'yaml']
    .map((extension) => `${docsDir}/${folder ? `${folder}/` : ''}_category_.${extension}`)
    .find((path) => existsSync(join(site.from, path)));
  const source = (sourceFile ? (parseYamlFile(readFileSync(join(site.from, sourceFile), 'utf8'), sourceFile).value ?? {}) : {}) as Record<
    string,
    unknown
  >;
  const sourceLabel = typeof source.label === 'string' ? source.label : stripNumberPrefix(posix.basename(folder || docsDir));
  if (typeof translated.label === 'string' && translated.label !== sourceLabel) labels[sourceLabel] = translated.label;
  const titleOf = (value: unknown) => (value as { title?: unknown } | undefined)?.title;
  const sourceTitle = titleOf(source.link);
  const translatedTitle = titleOf(translated.link);
  if (typeof sourceTitle === 'string' && typeof translatedTitle === 'string' && translatedTitle !== sourceTitle) {
    labels[sourceTitle] = translatedTitle;
  }
  for (const key of Object.keys(translated)) {
    if (key === 'label' || JSON.stringify(withoutTitle(key, translated[key])) === JSON.stringify(withoutTitle(key, source[key]))) continue;
    site.notes.push({
      file: sourcePath,
      line: findLine(text, JSON.stringify(key)) ?? findLine(text, `${key}:`),
      what: `Translated category option \`${key}\` is not converted`,
      todo: `docgen reads category options from ${sourceFile ?? `${docsDir}/${folder}/_category_.yaml`} only; a translation gives the label (and generated-index title).`,
    });
  }
}

/** A category option as compared with the docs folder's: a link without its title, which is converted. */
const withoutTitle = (key: string, value: unknown) =>
  key === 'link' && value !== null && typeof value === 'object' ? { ...value, title: undefined } : value;

/** The label docgen gives a category folder without a label (as the manifest's stripNumberPrefix). */
const stripNumberPrefix = (segment: string) => segment.replace(/^\d+\s*[-_.]\s*(?=\D)/, '');

/** `{ "key": { "message": "..." } }` entries of a Docusaurus translation file. */
function readMessages(site: SiteMigration, sourcePath: string): [string, string][] {
  const value = parseYamlFile(readFileSync(join(site.from, sourcePath), 'utf8'), sourcePath).value;
  return Object.entries((value ?? {}) as Record<string, { message?: unknown }>).flatMap(([key, entry]) =>
    typeof entry?.message === 'string' ? [[key, entry.message] as [string, string]] : [],
  );
}

function noteTranslation(site: SiteMigration, sourcePath: string, key: string): void {
  const text = readFileSync(join(site.from, sourcePath), 'utf8');
  site.notes.push({
    file: sourcePath,
    line: findLine(text, JSON.stringify(key)),
    what: `Translation "${key}" is not converted`,
    todo: 'docgen has no text with that key.',
  });
}

/**
 * The names (`Screenshot`, `ApiExplorer/MethodEndpoint`) that the migrated site's pages and the
 * Docusaurus site's code (`src/`) import as `@theme/<Name>`.
 */
function readImportedThemeNames(site: SiteMigration): string[] {
  const names = new Set<string>();
  const files = [
    ...list(site.to, '.').map((file) => join(site.to, file)),
    ...list(site.from, 'src').map((file) => join(site.from, 'src', file)),
  ];
  for (const path of files) {
    if (!/\.(mdx?|[cm]?[jt]sx?)$/.test(path)) continue;
    const text = readFileSync(path, 'utf8');
    if (!text.includes('@theme/')) continue;
    for (const match of text.matchAll(MODULE_IMPORT)) {
      const name = /^@theme\/(.+)$/.exec(match[1]!)?.[1];
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** Docusaurus components whose docgen counterpart has another name. */
const SWIZZLE_NAMES: Record<string, string> = {
  MDXPage: 'MarkdownPage',
  'DocItem/Layout': 'DocItem',
  'Footer/Layout': 'Footer',
  'Navbar/Layout': 'Navbar',
  'NotFound/Content': 'NotFound',
  'Admonition/Layout': 'Admonition',
  'Admonition/Types': 'Admonition',
  'CodeBlock/Content': 'CodeBlock',
  'CodeBlock/Content/String': 'CodeBlock',
};

/** What `src/` holds besides pages: swizzled theme components, CSS, components of React pages and MDX. */
function noteSourceFolder(site: SiteMigration, copied: string[]): void {
  const pagesDir = site.content.pages === false ? undefined : stripSlashes(String(site.content.pages.path ?? 'src/pages'));
  const named = site.notes.map((note) => note.what);
  // docgen's overridable components (`docgen swizzle --list`), some of the same name as Docusaurus's.
  const overridable = new Set(readThemeComponents(getDefaultThemeDir()).map((component) => component.name));
  const files = list(site.from, 'src');
  const isComponentScope = (file: string) => /^theme\/MDXComponents(\/index)?\.[jt]sx?$/.test(file);
  // The scope of every MDX page gives them its components without an import: src/ comes along with it.
  const importsComponents = site.importsComponents || files.some(isComponentScope);
  // The site's own theme components (`@theme/Screenshot` is src/theme/Screenshot, as Docusaurus
  // resolves it): what pages and components import as `@theme/<Name>` that docgen gives nothing
  // of, whose files are in src/theme. Copied as components are; docgen resolves them the same way.
  const ownThemeNames = readImportedThemeNames(site).filter(
    (name) =>
      !ISLAND_MODULES.includes(`@theme/${name}`) &&
      SWIZZLE_NAMES[name] === undefined &&
      !overridable.has(name) &&
      files.some((file) => file.startsWith(`theme/${name}/`) || new RegExp(`^theme/${escapeRegExp(name)}\\.[cm]?[jt]sx?$`).test(file)),
  );
  const isOwnThemeFile = (file: string) =>
    ownThemeNames.some((name) => file.startsWith(`theme/${name}/`) || file.startsWith(`theme/${name}.`));
  for (const file of files) {
    const sourcePath = `src/${file}`;
    if ((pagesDir && sourcePath.startsWith(`${pagesDir}/`)) || copied.includes(sourcePath)) continue;
    // A local plugin or the custom CSS, noted where the config names it.
    if (named.some((what) => what.includes(`/${sourcePath}`))) continue;
    // Docusaurus's scope of every MDX page, which docgen reads the same way.
    const componentScope = isComponentScope(file);
    if ((importsComponents && (!file.startsWith('theme/') || componentScope)) || isOwnThemeFile(file)) {
      // The site's code MDX files import (components, data, utilities) and the CSS it imports: docgen bundles them.
      if (CODE_FILE.test(file)) {
        const text = readFileSync(join(site.from, sourcePath), 'utf8');
        // An own theme component written as one file (`src/theme/Badge.js`) becomes `src/theme/Badge/index.js`,
        // which `@theme/Badge` names as well: a file of src/theme/ is an override of docgen's theme, one of its names.
        const own = isOwnThemeFile(file) ? /^theme\/([^/]+)\.([cm]?[jt]sx?)$/.exec(file) : null;
        const targetPath = own ? `src/theme/${own[1]}/index.${own[2]}` : sourcePath;
        // Its relative imports lead to the same files from the new place (nothing moves with it).
        site.writer.text(targetPath, toCopiedModule(site, text, sourcePath, targetPath, own ? sourcePath : undefined));
        recordImportedFiles(site, sourcePath, targetPath, text);
      } else {
        site.writer.copy(join(site.from, sourcePath), sourcePath);
      }
      continue;
    }
    if (file.startsWith('theme/')) {
      const component = file.slice('theme/'.length).replace(/\.[jt]sx?$|\.css$/, '');
      // Docusaurus's `Footer/index.js` is the component `Footer`.
      const name = component.replace(/\/index$/, '');
      const docgenName = SWIZZLE_NAMES[name] ?? (overridable.has(name) ? name : undefined);
      site.notes.push({
        file: sourcePath,
        what: `Swizzled theme component \`${component}\` is not converted`,
        todo: docgenName
          ? `docgen's ${docgenName} has other props and markup: run \`docgen swizzle ${docgenName} --wrap\` (or --eject) and port the change to src/theme/${docgenName}.tsx.`
          : "docgen's theme has no component of that name to override (`docgen swizzle --list`): make the change in an override of the nearest one, or in a theme of your own (the `theme` option).",
      });
    } else if (/\.css$/.test(file)) {
      site.notes.push({
        file: sourcePath,
        what: 'A stylesheet is not converted',
        todo: 'Port the rules that matter to a theme of your own.',
      });
    } else {
      site.notes.push({
        file: sourcePath,
        what: 'A React source file is not converted',
        todo: 'Port it together with the pages or MDX files that use it.',
      });
    }
  }
}
