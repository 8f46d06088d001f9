import { existsSync, readFileSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { escapeHtml } from '@docgen/shared';
import { isCodeThemeName, readCodeThemes, type CodeThemeName } from '../config/index.js';
import { readSiteVersion, type SiteVersion } from './componentPackages.js';
import { getInstalledPackage } from './installedPackage.js';
import { escapeRegExp, findArrayElementLines, findKeyLine, findLine, findNthLine, type MigrationNote } from './report.js';

type Data = Record<string, unknown>;

/** The classic preset's content options that decide where files are and go. */
export interface ContentOptions {
  docs: Data | false;
  /** The other docs plugins (with an `id`): their options, and the folder their docs go to. */
  docsInstances: DocsInstanceOptions[];
  blog: Data | false;
  pages: Data | false;
}

/** A docs plugin with an `id` of its own, as migrate copies it. */
export interface DocsInstanceOptions {
  id: string;
  options: Data;
  /** Its docs folder in the Docusaurus site (`community`), and the docgen site's (the same, unless it is `docs`). */
  source: string;
  target: string;
}

export interface ConvertedConfig {
  /** docgen.config.yaml's data, in the order it is written. */
  config: Data;
  content: ContentOptions;
  /** How Docusaurus reads markdown files (`markdown.format`): `mdx`, its default, reads `.md` files as MDX too. */
  markdownFormat: MarkdownFormat;
  /** The site's stylesheets the config lists (`customCss`), site-relative: copied to the same place. */
  customCss: string[];
  /** The packages of the markdown plugins the config lists (`markdown.remarkPlugins`, `rehypePlugins`): the new site installs them. */
  markdownPlugins: string[];
  notes: MigrationNote[];
}

export type MarkdownFormat = 'mdx' | 'md' | 'detect';

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const CLASSIC_PRESETS = new Set(['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic']);

/** Top-level Docusaurus keys docgen reads, or that only Docusaurus's own build needs. */
const CONVERTED_KEYS = new Set([
  'title',
  'tagline',
  'titleDelimiter',
  'url',
  'baseUrl',
  'favicon',
  'i18n',
  'presets',
  'themeConfig',
  'plugins',
  'themes',
  'markdown',
  'headTags',
  'stylesheets',
  'scripts',
  'customFields',
]);
/** Keys whose job docgen does without a setting: no note for them. */
const NEEDLESS_KEYS: Record<string, string> = {
  onBrokenLinks: 'docgen reports broken links as warnings of every build and with `docgen check-links`',
  onBrokenMarkdownLinks: 'docgen reports broken links as warnings of every build and with `docgen check-links`',
  onBrokenAnchors: 'docgen reports broken anchors with `docgen check-links`',
  future: 'Docusaurus-only upgrade flags',
};

/**
 * Maps a loaded `docusaurus.config.*` onto docgen's config. Whatever has no place in docgen is
 * a note at its line in the config file, with what to do instead.
 */
export function convertConfig(value: unknown, configFile: string, configText: string, siteDir: string): ConvertedConfig {
  const notes: MigrationNote[] = [];
  const at = (key: string, what: string, todo: string) => notes.push({ file: configFile, line: findKeyLine(configText, key), what, todo });
  const site = isData(value) ? value : {};
  const themeConfig = isData(site.themeConfig) ? site.themeConfig : {};

  for (const key of Object.keys(site)) {
    if (CONVERTED_KEYS.has(key) || key in NEEDLESS_KEYS) continue;
    at(key, `Config option \`${key}\` is not converted`, 'docgen has no such option; drop it, or open an issue if the site needs it.');
  }

  const preset = findClassicPreset(site.presets, configFile, configText, notes);
  const baseUrl = toBaseUrl(text(site.baseUrl) ?? '/');
  // What plugins give every page's head (analytics, a web app manifest), as docgen's head tags.
  const pluginHeadTags: Data[] = [];
  for (const key of Object.keys(preset ?? {})) {
    const plugin = PRESET_PLUGINS[key];
    if (plugin && PLUGINS_DOCGEN_HAS.has(plugin)) continue;
    const tags = plugin ? toPluginHeadTags(plugin, preset![key], baseUrl) : undefined;
    if (tags) pluginHeadTags.push(...tags);
    else if (!CLASSIC_CONTENT.includes(key)) {
      at(key, `Classic preset option \`${key}\` is not converted`, 'docgen has no such plugin: see its manual for what it builds.');
    }
  }
  // The preset's docs, blog and pages (each on unless false); without the preset, none but those a content plugin adds.
  const fromPreset = (value: unknown): Data | false => (preset === undefined || value === false ? false : isData(value) ? value : {});
  let docs = fromPreset(preset?.docs);
  let blog = fromPreset(preset?.blog);
  let pages = fromPreset(preset?.pages);
  const theme = isData(preset?.theme) ? preset.theme : {};
  // The site's own stylesheets are copied and loaded as they are (docgen's theme reads Infima's
  // variables); a stylesheet of a package is not.
  const customCss: string[] = [];
  for (const css of theme.customCss === undefined ? [] : [theme.customCss].flat()) {
    const sitePath = toSitePath(String(css), siteDir);
    if (sitePath !== undefined && /\.(css|s[ac]ss)$/i.test(sitePath) && existsSync(join(siteDir, sitePath))) {
      customCss.push(sitePath);
      continue;
    }
    at(
      'customCss',
      `Custom CSS \`${String(css).replace(`${siteDir}/`, './')}\` is not converted`,
      'Only stylesheets inside the site are copied: copy its rules into one and list it in `customCss`.',
    );
  }
  let redirects: Data[] | undefined;
  let extensionRedirects: string[] = [];
  const docsInstances: DocsInstanceOptions[] = [];
  for (const key of ['plugins', 'themes'] as const) {
    for (const entry of Array.isArray(site[key]) ? (site[key] as unknown[]) : []) {
      const name = pluginName(entry);
      if (name === '@docusaurus/plugin-client-redirects' || name === 'client-redirects') {
        ({ redirects, extensionRedirects } = convertClientRedirects(
          Array.isArray(entry) ? entry[1] : undefined,
          configFile,
          configText,
          notes,
        ));
        continue;
      }
      // A content plugin where the preset has none (a site without the preset: jellyfin's): its docs, blog or pages.
      const options = Array.isArray(entry) && isData(entry[1]) ? entry[1] : {};
      if (name && PLUGINS_DOCGEN_HAS.has(name)) continue;
      if (name === 'docusaurus-plugin-sass') {
        // docgen compiles the site's Sass itself (bundle/sass.ts): the plugin's options are for sass-loader.
        if (Object.keys(options).length > 0) {
          notes.push({
            file: configFile,
            line: findLine(configText, name) ?? findKeyLine(configText, key),
            what: `The options of \`${name}\` are not converted`,
            todo: "docgen compiles Sass with the site's sass package and its defaults, node_modules/ on the load path (and `~` for it): move what they set into the stylesheets.",
          });
        }
        continue;
      }
      const tags = name ? toPluginHeadTags(name, options, baseUrl) : undefined;
      if (tags) {
        pluginHeadTags.push(...tags);
        if (/plugin-pwa$/.test(name!)) {
          notes.push({
            file: configFile,
            line: findLine(configText, name!) ?? findKeyLine(configText, key),
            what: `The offline mode of \`${name}\` (its service worker) is not converted`,
            todo: 'Its web app manifest and head tags are (static/ keeps the manifest): docgen builds no service worker.',
          });
        }
        continue;
      }
      const docsInstance = options.id === undefined || options.id === 'default';
      if (/^(@docusaurus\/plugin-)?content-docs$/.test(name ?? '') && docs === false && docsInstance) {
        docs = options;
        continue;
      }
      if (/^(@docusaurus\/plugin-)?content-blog$/.test(name ?? '') && blog === false) {
        blog = options;
        continue;
      }
      if (/^(@docusaurus\/plugin-)?content-pages$/.test(name ?? '') && pages === false) {
        pages = options;
        continue;
      }
      if (/^(@docusaurus\/plugin-)?content-docs$/.test(name ?? '') && typeof options.id === 'string') {
        // A docs instance of its own: its docs keep their folder, unless it is docs/ (the default
        // instance's) or not inside the site (typescript-eslint's `../../docs`): then a folder named by its id.
        const source = trimSlashes(text(options.path) ?? 'docs');
        const inside = /^[\w.-]+(\/[\w.-]+)*$/.test(source) && !source.split('/').some((segment) => /^\.+$/.test(segment));
        const target = source === 'docs' || !inside ? options.id : source;
        docsInstances.push({ id: options.id, options, source, target });
        continue;
      }
      notes.push({
        file: configFile,
        line: (name && findLine(configText, name)) || findKeyLine(configText, key),
        what: `${key === 'plugins' ? 'Plugin' : 'Theme'} \`${name ?? 'inline function'}\` is not converted`,
        todo: PLUGIN_ADVICE[name ?? ''] ?? 'docgen runs no Docusaurus plugins: remove it, or rebuild what it adds by hand.',
      });
    }
  }

  const config: Data = {};
  config.title = text(site.title) ?? 'My Site';
  if (text(site.tagline)) config.tagline = site.tagline;
  if (text(site.titleDelimiter) && site.titleDelimiter !== '|') config.titleDelimiter = site.titleDelimiter;
  config.url = text(site.url) ?? 'https://example.com';
  config.baseUrl = baseUrl;
  if (text(site.favicon)) config.favicon = site.favicon;
  if (text(themeConfig.image)) config.image = themeConfig.image;
  const customFields = convertCustomFields(site.customFields, at);
  if (customFields) config.customFields = customFields;
  if (customCss.length > 0) config.customCss = customCss;
  config.i18n = convertI18n(site.i18n);
  // `docs: false`, a site without docs (a blog, pages): docgen's docs without their current version, and none cut.
  config.docs = docs === false ? { includeCurrentVersion: false } : convertDocs(docs, configFile, configText, notes);
  if (docsInstances.length > 0) {
    config.docsInstances = docsInstances.map(({ id, options, target }) => {
      // Its notes at its own options' lines, not at the first instance's (pnpm.io's second instance's editUrl).
      const { routeBasePath: _, ...converted } = convertDocs(options, configFile, fromInstance(configText, id), notes);
      return {
        id,
        path: target,
        routeBasePath: trimSlashes(text(options.routeBasePath) ?? 'docs') || '/',
        // Its sidebars file, converted (see migrateSidebars); without one, a sidebar generated from its folder, as Docusaurus does.
        ...(text(options.sidebarPath) && { sidebarPath: `sidebars-${id}.yaml` }),
        ...converted,
      };
    });
  }
  if (blog !== false)
    config.blog = { ...convertBlog(blog, configFile, configText, notes), ...convertBlogSidebarGrouping(themeConfig, siteDir) };
  if (pages !== false) {
    for (const key of Object.keys(pages)) {
      if (PLUGIN_LISTS.includes(key)) notePluginList(pages[key], key, 'pages', configFile, configText, notes);
      else at(key, `Pages option \`${key}\` is not converted`, 'docgen reads pages from pages/ only.');
    }
  }
  const sections = [docs, blog, pages, ...docsInstances.map(({ options }) => options)];
  const plugins = collectPluginPackages(sections, configText);
  const markdown = { ...convertMarkdown(site.markdown, sections, configFile, configText, notes), ...plugins };
  const markdownPlugins = [...(plugins.remarkPlugins ?? []), ...(plugins.rehypePlugins ?? [])].map((plugin) =>
    Array.isArray(plugin) ? (plugin[0] as string) : (plugin as string),
  );
  const npm2yarn = readNpm2YarnConverters(sections, configFile, configText, siteDir, notes);
  if (npm2yarn && npm2yarn.join() !== 'yarn,pnpm') config.markdown = { ...markdown, npm2yarn };
  else if (Object.keys(markdown).length > 0) config.markdown = markdown;
  // The route of each docs instance, by id, for navbar items that name a doc by its path.
  const docsBases: Record<string, string> = {
    default: docs === false || typeof docs.routeBasePath !== 'string' ? 'docs' : trimSlashes(docs.routeBasePath),
  };
  for (const { id, options } of docsInstances) docsBases[id] = trimSlashes(text(options.routeBasePath) ?? 'docs');
  Object.assign(config, convertThemeConfig(themeConfig, configFile, configText, notes, docsBases));
  if (redirects && redirects.length > 0) config.redirects = redirects;
  if (extensionRedirects.length > 0) config.extensionRedirects = extensionRedirects;
  if (hasSearchPage(site, themeConfig)) config.search = { page: true };
  Object.assign(config, convertHeadTags(site, configFile, configText, notes));
  if (pluginHeadTags.length > 0) config.headTags = [...((config.headTags as Data[] | undefined) ?? []), ...pluginHeadTags];
  const format = isData(site.markdown) ? site.markdown.format : undefined;
  const markdownFormat = format === 'md' || format === 'detect' ? format : 'mdx';
  return { config, content: { docs, docsInstances, blog, pages }, markdownFormat, customCss, markdownPlugins, notes };
}

/**
 * The base URL as Docusaurus serves it: Docusaurus adds the leading and trailing slash a config
 * leaves out (`/docs` is served at `/docs/`), docgen wants them written.
 */
function toBaseUrl(baseUrl: string): string {
  const trailing = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return trailing.startsWith('/') ? trailing : `/${trailing}`;
}

/** A path of the config (relative to the site, or absolute as require.resolve gives it) as a site-relative path; undefined outside the site. */
function toSitePath(path: string, siteDir: string): string | undefined {
  const sitePath = relative(siteDir, resolve(siteDir, path)).split(sep).join('/');
  return sitePath === '' || sitePath.startsWith('../') || isAbsolute(sitePath) ? undefined : sitePath;
}

/**
 * The `redirects` of `@docusaurus/plugin-client-redirects`, as docgen's `redirects` (the same
 * `{ from, to }` rules, below the base URL), and `fromExtensions` as `extensionRedirects`.
 * `createRedirects` is code and `toExtensions` has no counterpart: noted.
 */
function convertClientRedirects(
  options: unknown,
  configFile: string,
  configText: string,
  notes: MigrationNote[],
): { redirects: Data[]; extensionRedirects: string[] } {
  const given = isData(options) ? options : {};
  const result: Data[] = [];
  // `fromExtensions: ['html']`: /x.html leads to /x, which docgen's extensionRedirects does.
  const extensionRedirects = Array.isArray(given.fromExtensions)
    ? given.fromExtensions.filter((extension): extension is string => typeof extension === 'string' && /^[a-z0-9]+$/i.test(extension))
    : [];
  for (const rule of Array.isArray(given.redirects) ? given.redirects : []) {
    const from = isData(rule) ? rule.from : undefined;
    const to = isData(rule) ? text(rule.to) : undefined;
    const froms = (Array.isArray(from) ? from : [from]).filter((path): path is string => typeof path === 'string');
    if (!to || froms.length === 0) {
      notes.push({
        file: configFile,
        line: findKeyLine(configText, 'redirects'),
        what: `A client redirect rule (${JSON.stringify(rule)}) is not converted`,
        todo: 'Write it in docgen.config.yaml as redirects: [{ from: /old, to: /new }].',
      });
      continue;
    }
    result.push({ from: froms.length === 1 ? froms[0] : froms, to });
  }
  for (const key of Object.keys(given)) {
    if (
      key === 'redirects' ||
      (key === 'fromExtensions' && Array.isArray(given.fromExtensions) && extensionRedirects.length === given.fromExtensions.length)
    )
      continue;
    notes.push({
      file: configFile,
      what: `Client redirects option \`${key}\` is not converted`,
      // `createRedirects(path) { ... }` is a method: no colon after its name.
      line: findKeyLine(configText, key) ?? findLine(configText, new RegExp(`\\b${escapeRegExp(key)}\\s*\\(`)),
      todo:
        key === 'createRedirects'
          ? 'It is code: list the old URLs it made as redirects in docgen.config.yaml, or as redirect_from in the pages they lead to.'
          : 'docgen redirects are exact paths: list each old URL in redirects.',
    });
  }
  return { redirects: result, extensionRedirects };
}

/**
 * Top-level `headTags`, `stylesheets` and `scripts`, in the order Docusaurus writes them into
 * every page's head: `headTags` as they are (plain objects only), each stylesheet as a `<link
 * rel="stylesheet">` head tag after them, the scripts as docgen's `scripts` (written after every
 * head tag). What docgen's config cannot hold is a note at its line.
 */
function convertHeadTags(site: Data, configFile: string, configText: string, notes: MigrationNote[]): Data {
  const result: Data = {};
  const headTags: Data[] = [];
  if (Array.isArray(site.headTags)) {
    const tags = site.headTags.filter(
      (tag): tag is Data =>
        isData(tag) && typeof tag.tagName === 'string' && ['meta', 'link', 'script', 'style', 'noscript', 'base'].includes(tag.tagName),
    );
    if (tags.length < site.headTags.length) {
      notes.push({
        file: configFile,
        line: findKeyLine(configText, 'headTags'),
        what: 'Some head tags are not converted',
        todo: 'docgen takes meta, link, script, style, noscript and base head tags: write the others in a theme of your own.',
      });
    }
    headTags.push(
      ...tags.map((tag) => ({
        tagName: tag.tagName,
        attributes: isData(tag.attributes) ? tag.attributes : {},
        ...(text(tag.innerHTML) && { innerHTML: tag.innerHTML }),
      })),
    );
  }
  // Docusaurus's own `rel` first: an entry may give another.
  const stylesheets = convertLinkedFiles(site.stylesheets, 'stylesheets', 'href', configFile, configText, notes);
  headTags.push(...stylesheets.map((entry) => ({ tagName: 'link', attributes: { rel: 'stylesheet', ...toAttributes(entry, 'href') } })));
  if (headTags.length > 0) result.headTags = headTags;
  const scripts = convertLinkedFiles(site.scripts, 'scripts', 'src', configFile, configText, notes);
  if (scripts.length > 0) result.scripts = scripts;
  return result;
}

/** An attribute name docgen's config takes (see attributeName in config/schema.ts): none can break out of its tag. */
const ATTRIBUTE_NAME = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;

const toAttributes = (entry: string | Data, url: 'href' | 'src'): Data => (typeof entry === 'string' ? { [url]: entry } : entry);

/**
 * The entries of `stylesheets` or `scripts` as docgen's config holds them: a URL stays a URL, an
 * object of attributes keeps those whose value is text (a number written as text) or a boolean.
 * An entry without its URL (`href`, `src`), and an attribute docgen cannot write, are noted at
 * the entry's line.
 */
function convertLinkedFiles(
  value: unknown,
  key: 'stylesheets' | 'scripts',
  url: 'href' | 'src',
  configFile: string,
  configText: string,
  notes: MigrationNote[],
): (string | Data)[] {
  const given = Array.isArray(value) ? value : [];
  // Each entry at its own line when the config writes them as an array literal (not built by code).
  const written = findArrayElementLines(configText, key);
  const lineOf = (index: number) => (written?.length === given.length ? written[index] : findKeyLine(configText, key));
  const kind = key === 'stylesheets' ? 'stylesheet' : 'script';
  return given.flatMap((entry, index): (string | Data)[] => {
    if (typeof entry === 'string' && entry !== '') return [entry];
    if (!isData(entry) || typeof entry[url] !== 'string' || entry[url] === '') {
      notes.push({
        file: configFile,
        line: lineOf(index),
        what: `A ${kind} without its \`${url}\` (${JSON.stringify(entry)}) is not converted`,
        todo: `Write it as a URL, or as { ${url}: URL, ...attributes }.`,
      });
      return [];
    }
    const attributes: Data = {};
    for (const [name, attribute] of Object.entries(entry)) {
      if (ATTRIBUTE_NAME.test(name) && (typeof attribute === 'string' || typeof attribute === 'boolean')) attributes[name] = attribute;
      else if (ATTRIBUTE_NAME.test(name) && typeof attribute === 'number') attributes[name] = String(attribute);
      else {
        notes.push({
          file: configFile,
          line: lineOf(index),
          what: `The attribute \`${name}\` of the ${kind} ${entry[url] as string} is not converted`,
          todo: 'docgen writes attributes whose name is letters, digits and -_:. and whose value is text or true: write it so in docgen.config.yaml.',
        });
      }
    }
    return [attributes];
  });
}

const PLUGIN_ADVICE: Record<string, string> = {
  '@docusaurus/plugin-google-analytics': 'Universal Analytics is gone: use plugin-google-gtag, which migrate converts.',
  '@docusaurus/theme-live-codeblock': 'Live code blocks are shown as plain code blocks.',
};

/**
 * Whether the Docusaurus site has a search page at /search: Algolia's theme adds one where
 * `themeConfig.algolia` is set (unless `searchPagePath` is false or another path), as
 * @easyops-cn/docusaurus-search-local does. docgen's search page (`search.page`) is there instead.
 */
function hasSearchPage(site: Data, themeConfig: Data): boolean {
  if (isData(themeConfig.algolia)) {
    const path = themeConfig.algolia.searchPagePath;
    if (path === undefined || path === 'search') return true;
  }
  const entries = ['plugins', 'themes'].flatMap((key) => (Array.isArray(site[key]) ? (site[key] as unknown[]) : []));
  return entries.some((entry) => pluginName(entry) === '@easyops-cn/docusaurus-search-local');
}

/**
 * Plugins whose work docgen does itself: its sitemap.xml, its search index (instead of Algolia's
 * or a local search plugin's), mermaid diagrams, `@theme/IdealImage`.
 */
const PLUGINS_DOCGEN_HAS = new Set([
  '@docusaurus/plugin-sitemap',
  '@docusaurus/theme-mermaid',
  '@docusaurus/theme-search-algolia',
  '@docusaurus/plugin-ideal-image',
  '@easyops-cn/docusaurus-search-local',
  '@cmfcmf/docusaurus-search-local',
  'docusaurus-lunr-search',
  'docusaurus-plugin-search-local',
  // llms.txt, llms-full.txt and each page as markdown, and a button that copies a page's markdown.
  'docusaurus-plugin-llms',
  '@signalwire/docusaurus-plugin-llms-txt',
  'docusaurus-plugin-copy-page-button',
]);

/** The classic preset's options that configure a plugin, by the plugin's name. */
const PRESET_PLUGINS: Record<string, string> = {
  gtag: '@docusaurus/plugin-google-gtag',
  googleTagManager: '@docusaurus/plugin-google-tag-manager',
  sitemap: '@docusaurus/plugin-sitemap',
  svgr: '@docusaurus/plugin-svgr',
};

/**
 * An `href` or `content` of the PWA plugin's head tags as the plugin writes it: a path of a file
 * (it has an extension: `img/jest.png`) not under the base URL is put under it, as the plugin
 * does, so that a page of any folder finds it (Jest's icons are written so). A URL with a scheme
 * is kept as written.
 */
function toPwaHeadPath(value: string, baseUrl: string): string {
  if (extname(value) === '' || value.startsWith(baseUrl) || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return `${baseUrl}${value.replace(/^\/+/, '')}`;
}

const quoteJs = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The head tags a plugin gives every page, as docgen writes them: Google's gtag.js (`trackingID`,
 * one or several, `anonymizeIP`), Google Tag Manager (`containerId`), the PWA plugin's `pwaHead`
 * (its manifest, theme colour, icons; docgen builds no service worker). Undefined for another
 * plugin, or one whose options name nothing.
 */
function toPluginHeadTags(name: string, options: unknown, baseUrl: string): Data[] | undefined {
  const given = isData(options) ? options : {};
  switch (name) {
    case '@docusaurus/plugin-google-gtag': {
      const ids = [given.trackingID].flat().filter((id): id is string => typeof id === 'string' && id !== '');
      if (ids.length === 0) return undefined;
      const config = given.anonymizeIP === true ? ', { anonymize_ip: true }' : '';
      return [
        {
          tagName: 'script',
          attributes: { async: true, src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids[0]!)}` },
        },
        {
          tagName: 'script',
          attributes: {},
          innerHTML: [
            'window.dataLayer = window.dataLayer || [];',
            'function gtag(){dataLayer.push(arguments);}',
            "gtag('js', new Date());",
            ...ids.map((id) => `gtag('config', ${quoteJs(id)}${config});`),
          ].join('\n'),
        },
      ];
    }
    case '@docusaurus/plugin-google-tag-manager': {
      if (!text(given.containerId)) return undefined;
      return [
        {
          tagName: 'script',
          attributes: {},
          innerHTML: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${quoteJs(given.containerId as string)});`,
        },
      ];
    }
    case '@docusaurus/plugin-pwa':
    case 'docusaurus-plugin-pwa': {
      const head = (Array.isArray(given.pwaHead) ? given.pwaHead : []).filter(
        (tag): tag is Data => isData(tag) && (tag.tagName === 'link' || tag.tagName === 'meta'),
      );
      return head.map(({ tagName, ...attributes }) => ({
        tagName,
        attributes: Object.fromEntries(
          Object.entries(attributes)
            .filter(([, value]) => typeof value === 'string' || typeof value === 'boolean')
            .map(([key, value]) => [
              key,
              (key === 'href' || key === 'content') && typeof value === 'string' ? toPwaHeadPath(value, baseUrl) : value,
            ]),
        ),
      }));
    }
    case '@docusaurus/plugin-svgr':
      // docgen makes components of imported SVG files itself.
      return [];
    default:
      return undefined;
  }
}

/** remark-math and rehype-katex, by package name (a stand-in) or the name of their function. */
const MATH_PLUGINS = new Set(['remark-math', 'rehype-katex', 'remarkMath', 'rehypeKatex']);
const PLUGIN_LISTS = ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins'];

const NPM2YARN_PACKAGE = '@docusaurus/remark-plugin-npm2yarn';

/**
 * Whether a plugin list's entry is Docusaurus's npm2yarn plugin: its package (a stand-in), or the
 * function its module exports (named `plugin`) where the config names the package.
 */
function isNpm2Yarn(entry: unknown, configText: string): boolean {
  const first = Array.isArray(entry) ? entry[0] : entry;
  if (isData(first) && typeof first.$package === 'string') return first.$package === NPM2YARN_PACKAGE;
  const name = pluginName(entry);
  return name === NPM2YARN_PACKAGE || (name === 'plugin' && configText.includes(NPM2YARN_PACKAGE));
}

/** Every entry of the plugin lists of the docs, blog and pages (and docs instances), with its list's key. */
function listPluginEntries(sections: (Data | false)[]): { key: string; entry: unknown }[] {
  return sections.flatMap((section) =>
    section === false
      ? []
      : PLUGIN_LISTS.flatMap((key) => (Array.isArray(section[key]) ? (section[key] as unknown[]) : []).map((entry) => ({ key, entry }))),
  );
}

/**
 * How one entry of a docs, blog or pages plugin list comes over: as docgen's own `markdown` option
 * (math, npm2yarn), as a plugin package docgen runs by name (`markdown.remarkPlugins`), or not, why.
 */
type PluginEntry = { kind: 'docgen' } | { kind: 'package'; name: string; options?: unknown } | { kind: 'code'; name: string; why: string };

function readPluginEntry(entry: unknown, configText: string): PluginEntry {
  const name = pluginName(entry);
  if (MATH_PLUGINS.has(name ?? '') || isNpm2Yarn(entry, configText)) return { kind: 'docgen' };
  const [first, options] = Array.isArray(entry) ? entry : [entry, undefined];
  const exported = isData(first) && isData(first.default) ? first.default : first;
  if (isData(exported) && typeof exported.$stub === 'string') {
    return {
      kind: 'code',
      name: exported.$stub,
      why: 'its package is not installed: install the packages of the site, then migrate again',
    };
  }
  if (!isData(exported) || typeof exported.$package !== 'string') {
    return { kind: 'code', name: name ?? 'an inline function', why: "it is the site's own code, not a package docgen can load by name" };
  }
  if (exported.$export !== 'default') {
    return {
      kind: 'code',
      name: `${exported.$package}'s ${String(exported.$export)}`,
      why: 'docgen loads the default export of a plugin package',
    };
  }
  if (holdsCode(options)) return { kind: 'code', name: exported.$package, why: 'its options hold functions, which a YAML config cannot' };
  return { kind: 'package', name: exported.$package, ...(options !== undefined && { options }) };
}

/**
 * The site's `customFields` that YAML can hold (what its components read from
 * `useDocusaurusContext().siteConfig.customFields`); a field that holds code is a note instead.
 */
function convertCustomFields(value: unknown, at: (key: string, what: string, todo: string) => void): Data | undefined {
  if (!isData(value)) return undefined;
  const fields: Data = {};
  for (const [key, field] of Object.entries(value)) {
    const stub = findStub(field);
    if (stub !== undefined) {
      at(
        'customFields',
        `Custom field \`${key}\` is not converted: it holds what \`${stub}\` gave, a package that is not installed`,
        "Install the Docusaurus site's packages (npm install in it), then migrate again.",
      );
    } else if (holdsCode(field)) {
      at(
        'customFields',
        `Custom field \`${key}\` is not converted: it holds code (a function or a regular expression)`,
        'A YAML config holds data only: write the field as data, or have the components that read it import the code from a module of the site.',
      );
    } else fields[key] = field;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The package of the first stand-in a loaded value holds (see loadModuleChild), if it holds one. */
function findStub(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(findStub).find((name) => name !== undefined);
  if (!isData(value)) return undefined;
  if (typeof value.$stub === 'string') return value.$stub;
  return Object.values(value)
    .map(findStub)
    .find((name) => name !== undefined);
}

/** Whether a loaded value holds a function, regular expression or stand-in (the markers loadModuleChild writes). */
function holdsCode(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsCode);
  if (!isData(value)) return false;
  if ('$function' in value || '$regexp' in value || '$stub' in value || '$cycle' in value) return true;
  return Object.values(value).some(holdsCode);
}

/** A note for each entry of a plugin list that docgen does not take, at the option's line. */
function notePluginList(value: unknown, key: string, section: string, configFile: string, configText: string, notes: MigrationNote[]) {
  for (const entry of Array.isArray(value) ? value : []) {
    const read = readPluginEntry(entry, configText);
    if (read.kind !== 'code') continue;
    notes.push({
      file: configFile,
      line: findKeyLine(configText, key, section),
      what: `${/rehype/i.test(key) ? 'Rehype' : 'Remark'} plugin \`${read.name}\` of the ${section} is not converted: ${read.why}`,
      todo: `docgen runs the plugin packages listed in \`markdown.${/rehype/i.test(key) ? 'rehypePlugins' : 'remarkPlugins'}\` (\`[name, options]\`) on every page.`,
    });
  }
}

/**
 * The plugin packages of the docs, blog and pages lists (every docs instance's too), as docgen's
 * `markdown.remarkPlugins` and `rehypePlugins`: docgen runs them on every page, after its own.
 */
function collectPluginPackages(sections: (Data | false)[], configText: string) {
  const lists = { remarkPlugins: new Map<string, unknown>(), rehypePlugins: new Map<string, unknown>() };
  for (const { key, entry } of listPluginEntries(sections)) {
    const read = readPluginEntry(entry, configText);
    if (read.kind !== 'package') continue;
    const written = read.options === undefined ? read.name : [read.name, read.options];
    (/rehype/i.test(key) ? lists.rehypePlugins : lists.remarkPlugins).set(JSON.stringify(written), written);
  }
  return {
    ...(lists.remarkPlugins.size > 0 && { remarkPlugins: [...lists.remarkPlugins.values()] }),
    ...(lists.rehypePlugins.size > 0 && { rehypePlugins: [...lists.rehypePlugins.values()] }),
  };
}

/**
 * The package managers of npm2yarn blocks, as the site's npm2yarn plugin shows them: its
 * `converters` (the ones named; a converter of the site's own code is noted), else the default
 * of the plugin as installed, else the default of its version (see getNpm2YarnDefault); when
 * that is not known either, docgen's (yarn and pnpm), noted.
 */
function readNpm2YarnConverters(
  sections: (Data | false)[],
  configFile: string,
  configText: string,
  siteDir: string,
  notes: MigrationNote[],
): string[] | undefined {
  const entry = listPluginEntries(sections).find((candidate) => isNpm2Yarn(candidate.entry, configText))?.entry;
  if (entry === undefined) return undefined;
  const options = Array.isArray(entry) && isData(entry[1]) ? entry[1] : {};
  const line = findKeyLine(configText, 'converters') ?? findLine(configText, NPM2YARN_PACKAGE) ?? findKeyLine(configText, 'remarkPlugins');
  if (Array.isArray(options.converters)) {
    const known = options.converters.filter((name): name is string => NPM2YARN_CONVERTERS.includes(name as string));
    for (const converter of options.converters.filter((name) => !known.includes(name as string))) {
      notes.push({
        file: configFile,
        line,
        what: `The npm2yarn converter \`${Array.isArray(converter) ? String(converter[0]) : JSON.stringify(converter)}\` is not converted`,
        todo: 'docgen shows npm2yarn blocks for yarn, pnpm and bun only (markdown.npm2yarn): write the tab of another tool by hand.',
      });
    }
    return known;
  }
  const installed = readInstalledNpm2YarnDefault(siteDir);
  if (installed) return installed;
  const version = readSiteVersion(siteDir, NPM2YARN_PACKAGE) ?? readSiteVersion(siteDir, '@docusaurus/core');
  if (version) return getNpm2YarnDefault(version);
  notes.push({
    file: configFile,
    line,
    what: "The npm2yarn plugin's version is not known (it is not installed, and package.json gives no version of it or of @docusaurus/core): its blocks show npm, Yarn and pnpm tabs, the default of Docusaurus 2.4 to 3.7",
    todo: 'Docusaurus before 2.4 shows Yarn only, and 3.8 and later Bun too: set `markdown.npm2yarn` to the tabs the site showed (yarn, pnpm, bun).',
  });
  return undefined;
}

const NPM2YARN_CONVERTERS = ['yarn', 'pnpm', 'bun'];

/** The default `converters` the installed plugin's code writes; undefined when not installed, or one without the option (before 2.4). */
function readInstalledNpm2YarnDefault(siteDir: string): string[] | undefined {
  try {
    const source = readFileSync(join(siteDir, 'node_modules', NPM2YARN_PACKAGE, 'lib/index.js'), 'utf8');
    const defaults = /converters\s*=\s*\[([^\]]*)\]/.exec(source)?.[1];
    if (defaults === undefined) return undefined;
    return [...defaults.matchAll(/['"](\w+)['"]/g)].map((match) => match[1]!).filter((name) => NPM2YARN_CONVERTERS.includes(name));
  } catch {
    return undefined;
  }
}

/**
 * The npm2yarn plugin's tabs when its options name no converters, by its version: Yarn only
 * before 2.4.0, which added pnpm and the `converters` option (Docusaurus #8690); yarn and pnpm
 * since; Bun too since 3.8.0 (#10953).
 */
function getNpm2YarnDefault({ major, minor }: SiteVersion): string[] {
  if (major < 2 || (major === 2 && minor < 4)) return ['yarn'];
  return major > 3 || (major === 3 && minor >= 8) ? ['yarn', 'pnpm', 'bun'] : ['yarn', 'pnpm'];
}

/**
 * docgen's `markdown`: math when the docs, blog or pages run remark-math or rehype-katex (as
 * Docusaurus's guide sets math up). Docusaurus's own `markdown.mermaid` needs nothing: docgen
 * draws mermaid blocks by default; its other `markdown` options are noted.
 */
function convertMarkdown(markdown: unknown, sections: (Data | false)[], configFile: string, configText: string, notes: MigrationNote[]) {
  const math = sections.some(
    (section) =>
      section !== false &&
      PLUGIN_LISTS.some(
        (key) => Array.isArray(section[key]) && (section[key] as unknown[]).some((entry) => MATH_PLUGINS.has(pluginName(entry) ?? '')),
      ),
  );
  // MDX 1's syntax in .mdx files: docgen's `markdown.mdx1Compat` is Docusaurus's, each on unless false.
  const compat = isData(markdown) && isData(markdown.mdx1Compat) ? markdown.mdx1Compat : {};
  const mdx1Compat = Object.fromEntries(
    ['comments', 'admonitions', 'headingIds'].filter((key) => compat[key] === false).map((key) => [key, false]),
  );
  // `format: md` (no file is MDX) is docgen's too. Under `mdx` (Docusaurus's default), the .md files
  // that use MDX are written as .mdx (see copyMarkdownOrFile), so the others stay markdown, as under `detect`.
  const format = isData(markdown) && markdown.format === 'md' ? 'md' : undefined;
  for (const key of Object.keys(isData(markdown) ? markdown : {})) {
    if (key === 'mermaid' || key === 'mdx1Compat' || key === 'format') continue;
    if (key === 'hooks' && isData(markdown) && isData(markdown.hooks)) {
      noteMarkdownHooks(markdown.hooks, configFile, configText, notes);
      continue;
    }
    notes.push({
      file: configFile,
      line: findKeyLine(configText, key, 'markdown'),
      what: `Markdown option \`${key}\` is not converted`,
      todo: 'docgen reads .md files as CommonMark with GFM and its own directives: see "Markdown" in its manual.',
    });
  }
  const converted = {
    ...(math && { math: true }),
    ...(format && { format }),
    ...(Object.keys(mdx1Compat).length > 0 && { mdx1Compat }),
  };
  return Object.keys(converted).length > 0 ? converted : undefined;
}

/** Docusaurus 3.9's `markdown.hooks` for broken links and images: a severity, or a function that gives another URL. */
const BROKEN_MARKDOWN_HOOKS = new Set(['onBrokenMarkdownLinks', 'onBrokenMarkdownImages']);

/**
 * A severity of `markdown.hooks` needs nothing, as the top-level `onBrokenMarkdownLinks` it
 * replaces: docgen reports a broken link or image itself. A function (its fallback URL) is code,
 * noted at its line, as is a hook Docusaurus does not have.
 */
function noteMarkdownHooks(hooks: Data, configFile: string, configText: string, notes: MigrationNote[]): void {
  for (const [name, value] of Object.entries(hooks)) {
    const known = BROKEN_MARKDOWN_HOOKS.has(name);
    if (known && typeof value === 'string') continue;
    notes.push({
      file: configFile,
      line: findKeyLine(configText, name, 'hooks'),
      what: known ? `The markdown hook \`${name}\` function is not converted` : `Markdown hook \`${name}\` is not converted`,
      todo: known
        ? 'docgen reports a broken link or image as a warning of every build and of `docgen check-links`, and puts no other URL in its place: fix the link in its page.'
        : 'Docusaurus has no such hook, and docgen none either: remove it.',
    });
  }
}

function pluginName(entry: unknown): string | undefined {
  const first = Array.isArray(entry) ? entry[0] : entry;
  // A package's export, as the config loaded it: known by its package, whatever its function is called.
  if (isData(first) && typeof first.$package === 'string' && first.$export === 'default') return first.$package;
  // `require.resolve('@easyops-cn/docusaurus-search-local')`: the package of the file it names.
  const installed = typeof first === 'string' ? getInstalledPackage(first) : undefined;
  if (installed) return installed;
  if (typeof first === 'string') return first;
  if (isData(first) && typeof first.$stub === 'string') return first.$stub;
  if (isData(first) && typeof first.$function === 'string' && first.$function !== 'anonymous') return first.$function;
  // An ES module's namespace, as `require` of one gives it.
  if (isData(first) && isData(first.default)) return pluginName(first.default);
  return undefined;
}

/**
 * The classic preset's options; undefined when the site has no classic preset. Without one, a
 * preset given the classic preset's options (`docs`, `blog`, `pages` or `theme`: one that wraps it,
 * as Meta's sites' `docusaurus-plugin-internaldocs-fb/docusaurus-preset` does) is read as it.
 */
function findClassicPreset(presets: unknown, configFile: string, configText: string, notes: MigrationNote[]): Data | undefined {
  let options: Data | undefined;
  let wrapping: { name: string | undefined; options: Data } | undefined;
  const others: (string | undefined)[] = [];
  for (const entry of Array.isArray(presets) ? presets : []) {
    const name = pluginName(entry);
    const given = Array.isArray(entry) ? entry[1] : undefined;
    if (name && (CLASSIC_PRESETS.has(name) || /preset-classic/.test(name))) options = isData(given) ? given : {};
    else if (!wrapping && isData(given) && CLASSIC_CONTENT.some((key) => key in given)) wrapping = { name, options: given };
    else others.push(name);
  }
  const lineOf = (name: string | undefined) => (name && findLine(configText, name)) || findKeyLine(configText, 'presets');
  if (wrapping && options) others.unshift(wrapping.name);
  else if (wrapping) {
    notes.push({
      file: configFile,
      line: lineOf(wrapping.name),
      what: `Preset \`${wrapping.name ?? 'inline function'}\` is read as the classic preset`,
      todo: 'Its docs, blog, pages and theme options are migrated as the classic preset takes them; anything else the preset adds is not.',
    });
    options = wrapping.options;
  }
  for (const name of others) {
    notes.push({
      file: configFile,
      line: lineOf(name),
      what: `Preset \`${name ?? 'inline function'}\` is not converted`,
      todo: 'docgen reads docs, blog and pages as the classic preset does; anything else the preset adds is not migrated.',
    });
  }
  return options;
}

/** The classic preset's options for its content plugins and theme. */
const CLASSIC_CONTENT = ['docs', 'blog', 'pages', 'theme'];

function convertI18n(i18n: unknown): Data {
  const given = isData(i18n) ? i18n : {};
  const defaultLocale = text(given.defaultLocale) ?? 'en';
  const locales = Array.isArray(given.locales) && given.locales.length > 0 ? (given.locales as string[]) : [defaultLocale];
  const result: Data = { defaultLocale, locales };
  const configs = isData(given.localeConfigs) ? given.localeConfigs : {};
  const localeConfigs: Data = {};
  for (const locale of locales) {
    const options = isData(configs[locale]) ? configs[locale] : {};
    const entry: Data = { label: text(options.label) ?? locale, htmlLang: text(options.htmlLang) ?? locale };
    if (options.direction === 'rtl') entry.direction = 'rtl';
    if (text(options.calendar)) entry.calendar = options.calendar;
    if (text(options.path)) entry.path = options.path;
    localeConfigs[locale] = entry;
  }
  result.localeConfigs = localeConfigs;
  return result;
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** Docs options docgen reads; the rest is noted. */
const DOCS_KEYS = new Set([
  // Of a docs instance of its own: its id in docsInstances.
  'id',
  'editUrl',
  'editLocalizedFiles',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  'path',
  'routeBasePath',
  'sidebarPath',
  'lastVersion',
  'includeCurrentVersion',
  'onlyIncludeVersions',
  'versions',
  'sidebarCollapsible',
  'sidebarCollapsed',
  'breadcrumbs',
  // Applied by migrate: the files it names are not copied as docs.
  'exclude',
  // Run by migrate (sidebarGenerator.ts), and noted there.
  'sidebarItemsGenerator',
]);

/**
 * The config's text from the options object of the docs instance `id` on (the `{` around its
 * `id: 'community'`), what comes before it blanked, its lines kept: the keys found in it first are
 * that instance's. The whole text when the id is not written as a literal.
 */
function fromInstance(configText: string, id: string): string {
  const idAt = configText.search(new RegExp(`\\bid['"]?\\s*:\\s*['"\`]${escapeRegExp(id)}['"\`]`));
  if (idAt < 0) return configText;
  let start = idAt;
  for (let index = idAt - 1, depth = 0; index >= 0; index--) {
    if (configText[index] === '}') depth++;
    else if (configText[index] === '{' && depth-- === 0) {
      start = index;
      break;
    }
  }
  return configText.slice(0, start).replace(/[^\n]/g, ' ') + configText.slice(start);
}

function convertDocs(docs: Data, configFile: string, configText: string, notes: MigrationNote[]): Data {
  const result: Data = {};
  // docs.path is not written: the migration copies the docs to docs/, wherever they were.
  // Docs at the site root (docs-only mode) are written `/`, as Docusaurus writes them.
  if (typeof docs.routeBasePath === 'string' && trimSlashes(docs.routeBasePath) !== 'docs') {
    result.routeBasePath = trimSlashes(docs.routeBasePath) || '/';
  }
  if (text(docs.lastVersion)) result.lastVersion = docs.lastVersion;
  Object.assign(result, convertPageSourceOptions(docs, 'docs', configFile, configText, notes));
  if (docs.includeCurrentVersion === false) result.includeCurrentVersion = false;
  for (const key of ['sidebarCollapsible', 'sidebarCollapsed', 'breadcrumbs']) if (typeof docs[key] === 'boolean') result[key] = docs[key];
  if (Array.isArray(docs.onlyIncludeVersions)) result.onlyIncludeVersions = docs.onlyIncludeVersions;
  if (isData(docs.versions)) {
    const versions: Data = {};
    for (const [name, raw] of Object.entries(docs.versions)) {
      const options = isData(raw) ? raw : {};
      const entry: Data = {};
      if (text(options.label)) entry.label = options.label;
      if (typeof options.path === 'string') entry.path = trimSlashes(options.path);
      if (['none', 'unreleased', 'unmaintained'].includes(String(options.banner))) entry.banner = options.banner;
      for (const key of Object.keys(options)) {
        if (!['label', 'path', 'banner'].includes(key)) {
          notes.push({
            file: configFile,
            line: findKeyLine(configText, key),
            what: `Docs version option \`versions.${name}.${key}\` is not converted`,
            todo: 'docgen versions have a label, a path and a banner only.',
          });
        }
      }
      versions[name] = entry;
    }
    result.versions = versions;
  }
  for (const key of Object.keys(docs)) {
    if (DOCS_KEYS.has(key)) continue;
    if (PLUGIN_LISTS.includes(key)) {
      notePluginList(docs[key], key, 'docs', configFile, configText, notes);
      continue;
    }
    notes.push({
      file: configFile,
      line: findKeyLine(configText, key, 'docs'),
      what: `Docs option \`${key}\` is not converted`,
      todo: 'docgen has no such option.',
    });
  }
  return result;
}

const BLOG_KEYS = new Set([
  // The plugin instance's id (a blog plugin of its own): the site has one blog.
  'id',
  'path',
  'routeBasePath',
  'postsPerPage',
  'blogTitle',
  'blogDescription',
  'blogSidebarCount',
  'blogSidebarTitle',
  'editUrl',
  'editLocalizedFiles',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  // The files migrate copies as the blog's authors.yaml and tags.yaml (copyBlog).
  'authorsMapPath',
  'tags',
]);

/** Edit links and last-updated dates: the same options in docgen; an `editUrl` function is code, noted. */
function convertPageSourceOptions(
  options: Data,
  section: 'docs' | 'blog',
  configFile: string,
  configText: string,
  notes: MigrationNote[],
): Data {
  const result: Data = {};
  if (text(options.editUrl)) result.editUrl = options.editUrl;
  else if (options.editUrl !== undefined) {
    notes.push({
      file: configFile,
      line: findKeyLine(configText, 'editUrl', section),
      what: `The ${section} \`editUrl\` function is not converted`,
      todo:
        section === 'docs'
          ? 'Write editUrl as a base URL, or a template with {versionDocsDirPath}, {path} and {locale}.'
          : 'Write editUrl as a base URL, or a template with {blogDirPath}, {path} and {locale}.',
    });
  }
  for (const key of ['editLocalizedFiles', 'showLastUpdateTime', 'showLastUpdateAuthor']) {
    if (options[key] === true) result[key] = true;
  }
  return result;
}

function convertBlog(blog: Data, configFile: string, configText: string, notes: MigrationNote[]): Data {
  const result: Data = {};
  // blog.path is not written: the migration copies the posts to blog/, wherever they were.
  if (typeof blog.routeBasePath === 'string' && trimSlashes(blog.routeBasePath) === '') {
    notes.push({
      file: configFile,
      line: findKeyLine(configText, 'routeBasePath', 'blog'),
      what: 'A blog at the site root (`routeBasePath: "/"`) is not converted',
      todo: 'docgen serves the blog under a path of its own: it is at /blog/ now.',
    });
  } else if (typeof blog.routeBasePath === 'string' && trimSlashes(blog.routeBasePath) !== 'blog') {
    result.routeBasePath = trimSlashes(blog.routeBasePath);
  }
  if (typeof blog.postsPerPage === 'number') result.postsPerPage = blog.postsPerPage;
  if (blog.postsPerPage === 'ALL') result.postsPerPage = 100000;
  if (text(blog.blogTitle)) result.blogTitle = blog.blogTitle;
  if (text(blog.blogDescription)) result.blogDescription = blog.blogDescription;
  if (blog.blogSidebarCount === 'ALL' || (typeof blog.blogSidebarCount === 'number' && blog.blogSidebarCount !== 5)) {
    result.blogSidebarCount = blog.blogSidebarCount === 'ALL' ? 'ALL' : Math.max(0, Math.trunc(blog.blogSidebarCount));
  }
  if (typeof blog.blogSidebarTitle === 'string') result.blogSidebarTitle = blog.blogSidebarTitle;
  Object.assign(result, convertPageSourceOptions(blog, 'blog', configFile, configText, notes));
  for (const key of Object.keys(blog)) {
    if (BLOG_KEYS.has(key)) continue;
    if (PLUGIN_LISTS.includes(key)) {
      notePluginList(blog[key], key, 'blog', configFile, configText, notes);
      continue;
    }
    notes.push({
      file: configFile,
      line: findKeyLine(configText, key, 'blog'),
      what: `Blog option \`${key}\` is not converted`,
      todo: BLOG_ADVICE[key] ?? 'docgen has no such option.',
    });
  }
  return result;
}

const BLOG_ADVICE: Record<string, string> = {
  showReadingTime: "docgen shows each post's reading time, always.",
  feedOptions: 'Nothing to do: docgen writes RSS and Atom feeds of the blog itself.',
  onInlineTags: 'docgen takes tags written only in a post as they are.',
  onInlineAuthors: 'docgen takes authors written in a post as they are; only those of authors.yaml get a page.',
  onUntruncatedBlogPosts: 'docgen lists posts with their description or first paragraph.',
};

/**
 * Whether the blog's sidebar groups its posts by year: `themeConfig.blog.sidebar.groupByYear`, else
 * what the site's Docusaurus did by default (grouped from 3.5 on, a flat list before; grouped when
 * its version is not known, as docgen's default).
 */
function convertBlogSidebarGrouping(themeConfig: Data, siteDir: string): Data {
  const sidebar = isData(themeConfig.blog) && isData(themeConfig.blog.sidebar) ? themeConfig.blog.sidebar : {};
  if (typeof sidebar.groupByYear === 'boolean') return sidebar.groupByYear ? {} : { sidebarGroupByYear: false };
  const version = readSiteVersion(siteDir, '@docusaurus/theme-classic') ?? readSiteVersion(siteDir, '@docusaurus/core');
  return version && (version.major < 3 || (version.major === 3 && version.minor < 5)) ? { sidebarGroupByYear: false } : {};
}

function convertThemeConfig(
  themeConfig: Data,
  configFile: string,
  configText: string,
  notes: MigrationNote[],
  docsBases: Record<string, string>,
): Data {
  const result: Data = {};
  const note = (key: string, what: string, todo: string) =>
    notes.push({ file: configFile, line: findKeyLine(configText, key), what, todo });
  const navbar = isData(themeConfig.navbar) ? themeConfig.navbar : undefined;
  if (navbar) {
    const converted: Data = {};
    if (text(navbar.title)) converted.title = navbar.title;
    if (isData(navbar.logo) && text(navbar.logo.src)) {
      converted.logo = {
        alt: text(navbar.logo.alt) ?? '',
        src: toStaticPath(navbar.logo.src as string),
        ...(text(navbar.logo.srcDark) && { srcDark: toStaticPath(navbar.logo.srcDark as string) }),
      };
    }
    if (navbar.hideOnScroll === true) converted.hideOnScroll = true;
    if (navbar.style === 'dark' || navbar.style === 'primary') converted.style = navbar.style;
    const items: Data[] = [];
    const given = Array.isArray(navbar.items) ? navbar.items : [];
    // Each item at its own line when the config writes them as an array literal (not built by code).
    const written = findArrayElementLines(configText, 'items', 'navbar');
    const itemLines = written?.length === given.length ? written : undefined;
    const seen = new Map<string, number>();
    given.forEach((item, index) => {
      // docgen's navbar always has its search: nothing to convert.
      if (isData(item) && item.type === 'search') return;
      const convertedItem = convertNavbarItem(item, docsBases);
      if (convertedItem) {
        items.push(convertedItem);
        return;
      }
      const label = isData(item) ? (text(item.label) ?? '') : '';
      const type = isData(item) ? getNavbarItemType(item) : '';
      const link = isData(item) ? (text(item.href) ?? text(item.to)) : undefined;
      // Else the nth item of this label (or, unlabelled, of this type) is at the nth place it is written.
      const pattern = label ? `['"]${escapeRegExp(label)}['"]` : `type['"]?\\s*:\\s*['"]${escapeRegExp(type)}['"]`;
      const nth = (seen.get(pattern) ?? 0) + 1;
      seen.set(pattern, nth);
      notes.push({
        file: configFile,
        line: itemLines?.[index] ?? findNthLine(configText, new RegExp(pattern, 'g'), nth) ?? findKeyLine(configText, 'items', 'navbar'),
        what: `Navbar item of type \`${type}\`${label ? ` ("${label}")` : link ? ` (${link})` : ''} is not converted`,
        todo:
          type === 'default' && !label && link
            ? 'docgen navbar links have a label: write one (an icon drawn by `className` CSS is not converted).'
            : 'docgen navbar items are links, docs, doc sidebars, dropdowns of links, the version and the locale dropdowns; search is always shown.',
      });
    });
    converted.items = items;
    result.navbar = converted;
  }
  const footer = isData(themeConfig.footer) ? themeConfig.footer : undefined;
  if (footer) {
    const converted: Data = { style: footer.style === 'dark' ? 'dark' : 'light' };
    const links = Array.isArray(footer.links) ? footer.links : [];
    const columns = links.every((link) => isData(link) && Array.isArray(link.items)) ? links : [{ title: '', items: links }];
    converted.links = columns.map((column) => ({
      title: text((column as Data).title) ?? '',
      items: ((column as Data).items as unknown[]).flatMap((item) => {
        // An item written as HTML stays HTML (docgen shows it as raw HTML in a page is).
        if (isData(item) && text(item.html)) return [{ html: item.html }];
        const link = toLinkItem(item);
        if (!link) {
          note('items', 'A footer item without a label and a link is not converted', 'Write it as a link with a label and to or href.');
          return [];
        }
        return [link];
      }),
    }));
    if (isData(footer.logo) && text(footer.logo.src)) {
      const logo = footer.logo;
      converted.logo = {
        alt: text(logo.alt) ?? '',
        src: toStaticPath(logo.src as string),
        ...(text(logo.href) && { href: logo.href }),
        ...(typeof logo.width === 'number' && { width: logo.width }),
        ...(typeof logo.height === 'number' && { height: logo.height }),
      };
    }
    if (text(footer.copyright)) converted.copyright = footer.copyright;
    result.footer = converted;
  }
  const bar = isData(themeConfig.announcementBar) ? themeConfig.announcementBar : undefined;
  if (bar && text(bar.content)) {
    result.announcementBar = {
      id: text(bar.id) ?? 'announcement-bar',
      content: bar.content,
      ...(text(bar.backgroundColor) && { backgroundColor: bar.backgroundColor }),
      ...(text(bar.textColor) && { textColor: bar.textColor }),
      ...(typeof bar.isCloseable === 'boolean' && { isCloseable: bar.isCloseable }),
    };
  }
  if (isData(themeConfig.colorMode)) {
    const mode = themeConfig.colorMode;
    result.colorMode = {
      ...(mode.defaultMode === 'dark' && { defaultMode: 'dark' }),
      ...(mode.disableSwitch === true && { disableSwitch: true }),
      ...(mode.respectPrefersColorScheme === true && { respectPrefersColorScheme: true }),
    };
  }
  if (isData(themeConfig.tableOfContents)) {
    const toc = themeConfig.tableOfContents;
    result.tableOfContents = {
      ...(typeof toc.minHeadingLevel === 'number' && { minHeadingLevel: toc.minHeadingLevel }),
      ...(typeof toc.maxHeadingLevel === 'number' && { maxHeadingLevel: toc.maxHeadingLevel }),
    };
  }
  const prism = isData(themeConfig.prism) ? themeConfig.prism : {};
  const code: Data = {};
  if (Array.isArray(prism.additionalLanguages) && prism.additionalLanguages.length > 0)
    code.additionalLanguages = prism.additionalLanguages;
  // prism-react-renderer's themes: by name, or plain data once the config ran (docgen's code.theme and
  // code.darkTheme). Docusaurus shows Palenight without a theme, and the light theme in dark mode
  // without a dark one (its usePrismTheme).
  const theme = prism.theme === undefined ? 'palenight' : toCodeTheme(prism.theme);
  const darkTheme = prism.darkTheme === undefined ? theme : toCodeTheme(prism.darkTheme);
  if (theme) code.theme = theme;
  if (darkTheme) code.darkTheme = darkTheme;
  if (Object.keys(code).length > 0) result.code = code;
  // Docusaurus's default magic comments, which docgen reads too (compile/magicComments.ts): written out, nothing to convert.
  const isDefaultMagicComment = (entry: unknown) =>
    isData(entry) &&
    entry.line === 'highlight-next-line' &&
    isData(entry.block) &&
    entry.block.start === 'highlight-start' &&
    entry.block.end === 'highlight-end';
  const magicComments = prism.magicComments;
  const defaultMagic = Array.isArray(magicComments) && magicComments.length > 0 && magicComments.every(isDefaultMagicComment);
  for (const key of Object.keys(prism)) {
    if (key === 'additionalLanguages' || prism[key] === undefined || (key === 'theme' && theme) || (key === 'darkTheme' && darkTheme))
      continue;
    if (key === 'magicComments' && defaultMagic) continue;
    notes.push({
      file: configFile,
      line: findKeyLine(configText, key, 'prism'),
      what: `Prism option \`prism.${key}\` is not converted`,
      todo:
        key === 'magicComments'
          ? 'docgen reads the default magic comments only (highlight-next-line, highlight-start and highlight-end): a line with another stays in the code as written, without its class.'
          : 'docgen highlights code with its own light and dark colours.',
    });
  }
  // Algolia's search is docgen's own, with its search page (see hasSearchPage) unless Algolia's was elsewhere.
  const algoliaPage = isData(themeConfig.algolia) ? themeConfig.algolia.searchPagePath : undefined;
  const algoliaMoves = typeof algoliaPage === 'string' && algoliaPage !== 'search';
  const known = new Set([
    'navbar',
    'footer',
    'announcementBar',
    'colorMode',
    'tableOfContents',
    'prism',
    'image',
    ...(algoliaMoves ? [] : ['algolia']),
  ]);
  // `blog.sidebar.groupByYear` goes with the blog's options (convertBlogSidebarGrouping); anything else of `blog` is noted.
  if (isData(themeConfig.blog)) {
    known.add('blog');
    for (const key of Object.keys(themeConfig.blog)) {
      const sidebar = themeConfig.blog[key];
      const others = key === 'sidebar' && isData(sidebar) ? Object.keys(sidebar).filter((name) => name !== 'groupByYear') : [key];
      for (const name of others) {
        note(
          name,
          `Theme option \`themeConfig.blog.${key === 'sidebar' ? `sidebar.${name}` : key}\` is not converted`,
          'docgen has no such theme option.',
        );
      }
    }
  }
  for (const key of Object.keys(themeConfig)) {
    if (known.has(key)) continue;
    note(key, `Theme option \`themeConfig.${key}\` is not converted`, THEME_ADVICE[key] ?? 'docgen has no such theme option.');
  }
  return result;
}

/** A CSS name and value of a code theme, as docgen's config takes them (see codeTheme in config/schema.ts). */
const CSS_NAME = /^[a-zA-Z][\w-]*$/;
const isCssValue = (value: unknown): value is string | number =>
  typeof value === 'number' || (typeof value === 'string' && /^[^;{}<>\\]*$/.test(value));

/**
 * A prism-react-renderer theme as docgen's `code.theme`: its name when it is one of the package's
 * (the stand-in of `themes.github` from the package not installed, `prism-react-renderer/themes/
 * github` of version 1, or the same colours as one), else the names and values a CSS rule may hold;
 * undefined when the value is no such theme (the stand-in of another package).
 */
function toCodeTheme(value: unknown): CodeThemeName | Data | undefined {
  const named = getCodeThemeName(value);
  if (named) return named;
  if (!isData(value) || !isData(value.plain) || !Array.isArray(value.styles)) return undefined;
  const declarations = (style: Data) =>
    Object.fromEntries(Object.entries(style).filter(([key, entry]) => CSS_NAME.test(key) && isCssValue(entry)));
  const names = (list: unknown) =>
    Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string' && CSS_NAME.test(name)) : [];
  const styles = value.styles.flatMap((entry) => {
    if (!isData(entry) || !isData(entry.style)) return [];
    const types = names(entry.types);
    const languages = names(entry.languages);
    return types.length === 0 ? [] : [{ types, ...(languages.length > 0 && { languages }), style: declarations(entry.style) }];
  });
  return { plain: declarations(value.plain), styles };
}

/** The name of one of prism-react-renderer's themes that `value` is, if it is one. */
function getCodeThemeName(value: unknown): CodeThemeName | undefined {
  if (!isData(value)) return undefined;
  if (typeof value.$stub === 'string') {
    const path = typeof value.$path === 'string' ? value.$path.replace(/^default\./, '') : '';
    const name =
      value.$stub === 'prism-react-renderer'
        ? /^themes\.(\w+)$/.exec(path)?.[1]
        : path === '' || path === 'default'
          ? /^prism-react-renderer\/themes\/(\w+)$/.exec(value.$stub)?.[1]
          : undefined;
    return isCodeThemeName(name) ? name : undefined;
  }
  if (!isData(value.plain)) return undefined;
  const written = JSON.stringify(value);
  return Object.entries(readCodeThemes()).find(([, theme]) => JSON.stringify(theme) === written)?.[0] as CodeThemeName | undefined;
}

const THEME_ADVICE: Record<string, string> = {
  algolia: "Algolia's search page path: docgen's search page (search.page) is /search.",
  metadata: 'docgen writes description, og: and twitter: tags from each page.',
  docs: 'docgen sidebars are hideable and collapsible by default.',
};

/** `img/logo.svg` (relative to static/ in Docusaurus) -> `/img/logo.svg`; URLs stay. */
function toStaticPath(src: string): string {
  return /^[a-z]+:|^\//i.test(src) ? src : `/${src}`;
}

function toLinkItem(item: unknown): Data | undefined {
  if (!isData(item) || !text(item.label)) return undefined;
  if (text(item.href)) return { label: item.label, href: item.href };
  // Docusaurus resolves `to: 'docs/x'` from the base URL: docgen wants the path from the root.
  if (text(item.to)) return { label: item.label, to: /^[a-z]+:|^\/|^#/i.test(item.to as string) ? item.to : `/${item.to as string}` };
  return undefined;
}

/** A navbar item's type as Docusaurus reads it: an item with `items` and no type is a dropdown. */
const getNavbarItemType = (item: Data) => String(item.type ?? (Array.isArray(item.items) ? 'dropdown' : 'default'));

function convertNavbarItem(item: unknown, docsBases: Record<string, string>): Data | undefined {
  if (!isData(item)) return undefined;
  // Docusaurus puts an item on the left unless told; docgen on the right.
  const position = item.position === 'right' ? {} : { position: 'left' };
  // The docs instance the item leads into: written for another than the default one only.
  const pluginId = text(item.docsPluginId) && item.docsPluginId !== 'default' ? (item.docsPluginId as string) : undefined;
  const instance = pluginId ? { docsPluginId: pluginId } : {};
  const docsBase = docsBases[pluginId ?? 'default'] ?? 'docs';
  switch (getNavbarItemType(item)) {
    case 'default': {
      const link = toLinkItem(item);
      if (link) return { ...link, ...position };
      // A link without a label that the site's CSS draws as an icon (`className`, `aria-label`), as Docusaurus renders it.
      const url = text(item.href) ?? text(item.to);
      if (!url || !text(item.className)) return undefined;
      const attribute = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;
      const external = /^[a-z]+:/i.test(url);
      const html =
        `<a${attribute('href', url)}${attribute('class', `navbar__link ${item.className as string}`)}` +
        (text(item['aria-label']) ? attribute('aria-label', item['aria-label'] as string) : '') +
        (external ? ' target="_blank" rel="noopener noreferrer"' : '') +
        '></a>';
      return { type: 'html', value: html, ...position };
    }
    case 'doc':
      // A "doc id" written as a path (`/category/api`) is a link to that page of the docs.
      if (text(item.docId)?.startsWith('/'))
        return { label: text(item.label) ?? item.docId, to: `${docsBase ? `/${docsBase}` : ''}${item.docId as string}`, ...position };
      return text(item.docId)
        ? { type: 'doc', docId: item.docId, label: text(item.label) ?? item.docId, ...position, ...instance }
        : undefined;
    case 'docSidebar':
      return text(item.sidebarId)
        ? { type: 'docSidebar', sidebarId: item.sidebarId, label: text(item.label) ?? item.sidebarId, ...position, ...instance }
        : undefined;
    case 'dropdown': {
      // Its links, docs and sidebars (without their position, which is the dropdown's).
      const items = (Array.isArray(item.items) ? item.items : []).map((child) => {
        if (!isData(child) || child.type === 'dropdown') return undefined;
        const { position: _position, ...converted } = convertNavbarItem(child, docsBases) ?? {};
        return converted.type === undefined || converted.type === 'doc' || converted.type === 'docSidebar' ? converted : undefined;
      });
      if (!text(item.label) || items.some((link) => !link || Object.keys(link).length === 0)) return undefined;
      return { type: 'dropdown', label: item.label, ...position, items };
    }
    case 'docsVersionDropdown':
      return { type: 'docsVersionDropdown', ...position, ...instance };
    case 'localeDropdown':
      return { type: 'localeDropdown', ...position };
    case 'html':
      return text(item.value)
        ? { type: 'html', value: item.value, ...position, ...(text(item.className) && { className: item.className }) }
        : undefined;
    default:
      return undefined;
  }
}
