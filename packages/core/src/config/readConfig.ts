import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type {
  Diagnostic,
  DocsConfig,
  HeadTagConfig,
  LocaleConfig,
  PdfConfig,
  RedirectConfig,
  SiteConfig,
  SourceLocation,
} from '@docgen/types';
import type { z } from 'zod';
import { DocgenError, getLineColumn, suggestName } from '../diagnostics/index.js';
import { getSegmentNameProblem, DEFAULT_DOCS_ID, getInstanceFiles, getKnownVersionNames } from '../files/index.js';
import { configSchema, NAVBAR_ITEM_TYPES, type RawConfig } from './schema.js';
import { parseYamlFile, type YamlFile } from '../yaml/index.js';
import { readConfigSourceLocations } from './sourceLocations.js';
import { resolveMarkdownPlugins } from './markdownPlugins.js';
import { resolveCodeTheme } from './codeThemes.js';

export const CONFIG_FILE_NAME = 'docgen.config.yaml';

/** What to do in a folder without a config: a Docusaurus site is migrated, an empty folder gets a new site. */
function getMissingConfigHint(siteDir: string): string {
  const docusaurus = ['js', 'mjs', 'cjs', 'ts', 'mts']
    .map((extension) => `docusaurus.config.${extension}`)
    .find((name) => existsSync(join(siteDir, name)));
  if (docusaurus)
    return `This is a Docusaurus site (${docusaurus}): docgen migrate docusaurus ${siteDir} converts it into a docgen site beside it.`;
  // docgen's own files (its cache folder, the lock of the output folder) aside.
  const ours = (name: string) => name === '.docgen' || name.endsWith('.docgen-lock');
  const empty = !existsSync(siteDir) || (statSync(siteDir).isDirectory() && readdirSync(siteDir).every(ours));
  if (empty) return `To start a site here: docgen init ${siteDir}`;
  return 'Run docgen in a site folder, or pass the folder: docgen build path/to/site';
}

/**
 * Reads, validates and completes the site configuration of `siteDir`.
 * Every problem is reported at once, each with file:line:col and a hint.
 */
export function readConfig(siteDir: string): SiteConfig {
  const configPath = join(siteDir, CONFIG_FILE_NAME);
  if (!existsSync(configPath)) {
    throw new DocgenError(`No ${CONFIG_FILE_NAME} found in ${siteDir}`, { code: 'config-missing', hint: getMissingConfigHint(siteDir) });
  }
  const text = readFileSync(configPath, 'utf8').replace(/^\uFEFF/, '');
  const yaml = parseYamlFile(text, CONFIG_FILE_NAME);
  assertKnownNavbarItemTypes(yaml);
  const parsed = configSchema.safeParse(yaml.value ?? {});
  if (!parsed.success) {
    const diagnostics = parsed.error.issues.flatMap((issue) => toDiagnostics(issue, yaml));
    throw new DocgenError(diagnostics[0]!.message, {
      code: 'config-invalid',
      location: diagnostics[0]!.location,
      hint: diagnostics[0]!.hint,
      diagnostics,
    });
  }
  const raw = parsed.data;
  const docs = toDocsConfig(siteDir, DEFAULT_DOCS_ID, raw.docs, ['docs'], yaml);
  const docsInstances = raw.docsInstances.map((instance, index) =>
    toDocsConfig(siteDir, instance.id, { ...instance, sidebarPath: instance.sidebarPath ?? '' }, ['docsInstances', index], yaml),
  );
  validateDocsInstances([docs, ...docsInstances], raw, yaml);
  validateLocales(raw, yaml);

  const localeConfigs: Record<string, LocaleConfig> = {};
  for (const locale of raw.i18n.locales) {
    const given = raw.i18n.localeConfigs[locale];
    localeConfigs[locale] = {
      label: given?.label ?? locale,
      direction: given?.direction ?? 'ltr',
      htmlLang: given?.htmlLang ?? locale,
      calendar: given?.calendar ?? 'gregory',
      path: given?.path ?? locale,
    };
  }
  const { navbar, footer, announcementBar, colorMode, tableOfContents, code } = raw;
  const { defaultLocale, locales, status, outdatedNotice } = raw.i18n;
  const i18n = { defaultLocale, locales, localeConfigs, status, outdatedNotice };
  const sourceLocations = readConfigSourceLocations(siteDir, { file: yaml, text }, i18n);
  return {
    title: raw.title,
    tagline: raw.tagline,
    titleDelimiter: raw.titleDelimiter,
    url: raw.url,
    baseUrl: raw.baseUrl,
    favicon: raw.favicon,
    image: raw.image,
    customFields: raw.customFields,
    themeDir: resolveThemeDir(siteDir, raw.theme, yaml),
    customCss: readCustomCss(siteDir, raw.customCss, yaml),
    i18n,
    docs,
    docsInstances,
    blog: { ...raw.blog, ...toPageSourceOptions(raw.blog) },
    themeConfig: {
      navbar,
      footer,
      announcementBar,
      colorMode,
      tableOfContents,
      code: {
        additionalLanguages: code.additionalLanguages,
        theme: resolveCodeTheme(code.theme),
        darkTheme: resolveCodeTheme(code.darkTheme),
      },
    },
    markdown: {
      math: raw.markdown.math,
      mermaid: raw.markdown.mermaid,
      remarkPlugins: resolveMarkdownPlugins(siteDir, raw.markdown.remarkPlugins, ['markdown', 'remarkPlugins'], yaml),
      rehypePlugins: resolveMarkdownPlugins(siteDir, raw.markdown.rehypePlugins, ['markdown', 'rehypePlugins'], yaml),
      format: raw.markdown.format,
      npm2yarn: raw.markdown.npm2yarn,
      mdx1Compat: raw.markdown.mdx1Compat,
    },
    search: { page: raw.search.page },
    redirects: toRedirects(raw, yaml),
    extensionRedirects: { extensions: raw.extensionRedirects, location: yaml.locate(['extensionRedirects']) },
    headTags: toHeadTags(raw, yaml),
    pdf: toPdfConfig(raw, yaml, i18n.locales, [docs, ...docsInstances]),
    ...(sourceLocations && { sourceLocations }),
  };
}

/** A docs instance as the build uses it: its versions.json read, its latest version named. */
function toDocsConfig(siteDir: string, id: string, raw: RawConfig['docs'], at: PropertyKey[], yaml: YamlFile): DocsConfig {
  const versionedNames = readVersionsJson(siteDir, getInstanceFiles(id).versionsFile);
  const docs: DocsConfig = {
    ...raw,
    id,
    ...toPageSourceOptions(raw),
    lastVersion: raw.lastVersion ?? versionedNames[0] ?? 'current',
    versionedNames,
    sidebarCollapsible: raw.sidebarCollapsible ?? true,
    // As Docusaurus: categories that cannot be collapsed are open.
    sidebarCollapsed: (raw.sidebarCollapsible ?? true) && (raw.sidebarCollapsed ?? true),
    breadcrumbs: raw.breadcrumbs ?? true,
  };
  validateVersionNames(docs, raw, at, yaml);
  return docs;
}

function toPageSourceOptions(section: RawConfig['docs'] | RawConfig['blog']) {
  return {
    editUrl: section.editUrl,
    editLocalizedFiles: section.editLocalizedFiles ?? false,
    showLastUpdateTime: section.showLastUpdateTime ?? false,
    showLastUpdateAuthor: section.showLastUpdateAuthor ?? false,
  };
}

/** `redirects`, one per old URL, each with where its `from` was written. */
function toRedirects(raw: RawConfig, yaml: YamlFile): RedirectConfig[] {
  return raw.redirects.flatMap((redirect, index) => {
    const froms = typeof redirect.from === 'string' ? [redirect.from] : redirect.from;
    return froms.map((from, fromIndex) => ({
      from,
      to: redirect.to,
      location: yaml.locate(typeof redirect.from === 'string' ? ['redirects', index, 'from'] : ['redirects', index, 'from', fromIndex]),
      toLocation: yaml.locate(['redirects', index, 'to']),
    }));
  });
}

/** `headTags` then `scripts`, as head tags; a text that would end its own tag early is refused. */
function toHeadTags(raw: RawConfig, yaml: YamlFile): HeadTagConfig[] {
  const tags: HeadTagConfig[] = raw.headTags.map((tag, index) => {
    if (tag.innerHTML !== undefined) {
      const canHaveText = tag.tagName === 'script' || tag.tagName === 'style' || tag.tagName === 'noscript';
      const closing = new RegExp(`</${tag.tagName}`, 'i');
      if (!canHaveText || closing.test(tag.innerHTML)) {
        throw new DocgenError(
          canHaveText
            ? `The innerHTML of a ${tag.tagName} head tag contains "</${tag.tagName}"`
            : `A ${tag.tagName} head tag has no innerHTML`,
          {
            code: 'config-invalid',
            location: yaml.locate(['headTags', index, 'innerHTML']),
            hint: canHaveText
              ? `It would end the tag early; write it as <\\/${tag.tagName} inside strings, or load the code from a file with "src".`
              : 'Only script, style and noscript tags take innerHTML; give the tag attributes only.',
          },
        );
      }
    }
    return {
      tagName: tag.tagName,
      attributes: toAttributes(tag.attributes),
      ...(tag.innerHTML !== undefined && { innerHTML: tag.innerHTML }),
    };
  });
  for (const script of raw.scripts) {
    tags.push({
      tagName: 'script',
      attributes: typeof script === 'string' ? { src: script } : toAttributes(script as Record<string, unknown>),
    });
  }
  return tags;
}

/** Attributes as written: `false` leaves one out, `true` writes it bare. */
function toAttributes(attributes: Record<string, unknown>): Record<string, string | true> {
  const result: Record<string, string | true> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true || typeof value === 'string') result[name] = value;
  }
  return result;
}

function assertKnownNavbarItemTypes(yaml: YamlFile): void {
  const items = (yaml.value as { navbar?: { items?: unknown } } | null)?.navbar?.items;
  if (!Array.isArray(items)) return;
  items.forEach((item, index) => {
    const type = (item as { type?: unknown } | null)?.type;
    if (type === undefined || (NAVBAR_ITEM_TYPES as readonly unknown[]).includes(type)) return;
    const suggestion = typeof type === 'string' ? suggestName(type, NAVBAR_ITEM_TYPES) : undefined;
    throw new DocgenError(
      `No NavbarItem component found for type "${String(type)}"${suggestion ? `: did you mean "${suggestion}"?` : ''}`,
      {
        code: 'config-navbar-item-type',
        location: yaml.locate(['navbar', 'items', index, 'type']),
        hint: `Use one of the navbar item types: ${NAVBAR_ITEM_TYPES.join(', ')}.`,
      },
    );
  });
}

function toDiagnostics(issue: z.core.$ZodIssue, yaml: YamlFile): Diagnostic[] {
  const path = issue.path as PropertyKey[];
  const where = path.length > 0 ? path.join('.') : 'the config';
  const types =
    issue.code === 'unrecognized_keys' || issue.code === 'invalid_union' ? findSchemaAt(configSchema, path, yaml.value).types : undefined;
  if (types) {
    const type = String((getIn(yaml.value, path) as { type: unknown }).type);
    const suggestion = suggestName(type, types);
    return [
      {
        severity: 'error',
        code: 'config-invalid',
        message: `Unknown item type "${type}" in "${where}"${suggestion ? `: did you mean "${suggestion}"?` : ''}`,
        hint: `Use one of the types: ${types.join(', ')}.`,
        location: yaml.locate([...path, 'type']),
      },
    ];
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // "Invalid input" says nothing: the issues of the kind of item written (by its `type`) do.
    const branch = issue.errors[getUnionBranch(configSchema, path, yaml.value)] ?? [];
    if (branch.length > 0)
      return withoutRenamed(branch.flatMap((inner) => toDiagnostics({ ...inner, path: [...path, ...inner.path] }, yaml)));
  }
  // Of a union, zod may report another member's keys: those the member of the item's `type` knows are fine.
  const known = issue.code === 'unrecognized_keys' ? getKnownKeys(configSchema, path, yaml.value) : [];
  const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys.filter((key) => !known.includes(key)) : [];
  if (unknownKeys.length > 0) {
    return unknownKeys.map((key) => {
      const suggestion = suggestName(key, known);
      return {
        severity: 'error',
        code: 'config-invalid',
        message: `Unknown option "${[...path, key].join('.')}"${suggestion ? `: did you mean "${suggestion}"?` : ''}`,
        hint: suggestion
          ? `Rename it to ${suggestion}.`
          : `Remove it or check its spelling${known.length > 0 ? `; options here: ${known.join(', ')}` : ''}.`,
        location: yaml.locateKey([...path, key]),
      };
    });
  }
  const received = path.length > 0 ? getIn(yaml.value, path) : undefined;
  // A name that is none of an enum's (a code theme's): the nearest one.
  const names =
    issue.code === 'invalid_value' && typeof received === 'string' ? issue.values.filter((name) => typeof name === 'string') : [];
  const nearest = names.length > 0 ? suggestName(received as string, names) : undefined;
  const message =
    received === undefined && issue.code === 'invalid_type'
      ? `Missing required option "${where}"`
      : nearest
        ? `Invalid value for "${where}": "${received}": did you mean "${nearest}"?`
        : `Invalid value for "${where}": ${issue.message}`;
  return [
    {
      severity: 'error',
      code: 'config-invalid',
      message,
      hint:
        received === undefined
          ? `Add "${where}" to ${CONFIG_FILE_NAME}.`
          : names.length > 0
            ? `Use one of: ${names.join(', ')}.`
            : `Found ${JSON.stringify(received)}.`,
      location: yaml.locate(path),
    },
  ];
}

/** The keys the schema knows for the object at `path` of the config (the union member whose `type` matches, for navbar items). */
function getKnownKeys(schema: z.ZodType, path: PropertyKey[], value: unknown): string[] {
  const { node } = findSchemaAt(schema, path, value);
  return Object.keys((node && defOf(node).shape) ?? {});
}

/** Which member of the union at `path` the value written there is meant to be: the one of its `type`; -1 for a union not told apart by `type`. */
function getUnionBranch(schema: z.ZodType, path: PropertyKey[], value: unknown): number {
  return findSchemaAt(schema, path, value).branch;
}

type SchemaDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
};

const defOf = (node: z.ZodType) => (node as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The schema without its defaults, optionals and transforms. */
const unwrap = (node: z.ZodType): z.ZodType => {
  const def = defOf(node);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return node;
};

/**
 * The schema of the value at `path`, following the value written: at a union, the member whose
 * `type` literal is the value's `type` (`default` when it has none; else the first), with its index
 * (-1 at a union whose members have no `type`), and the types the union takes when the value's
 * `type` is none of them.
 */
function findSchemaAt(schema: z.ZodType, path: PropertyKey[], value: unknown): { node?: z.ZodType; branch: number; types?: string[] } {
  let node = unwrap(schema);
  let current = value;
  let branch = 0;
  let types: string[] | undefined;
  const pick = () => {
    const def = defOf(node);
    if (def.type !== 'union' || !def.options) return;
    const written = (current as { type?: unknown } | null)?.type;
    const type = written ?? 'default';
    const literals = def.options.map((option) => {
      const literal = defOf(unwrap(option)).shape?.type;
      return literal === undefined ? [] : ((defOf(unwrap(literal)).values ?? []) as string[]);
    });
    // A union of kinds of item (navbar items): told apart by `type`. Any other (a plugin as a name
    // or [name, options], a code theme as a name or written out) by the kind of value written.
    const typed = literals.some((values) => values.length > 0);
    const index = typed
      ? literals.findIndex((values) => values.includes(type as string))
      : def.options.findIndex((option) => isOfKind(defOf(unwrap(option)).type, current));
    types = typed && index < 0 && written !== undefined ? literals.flat() : undefined;
    branch = typed ? Math.max(index, 0) : index;
    node = unwrap(def.options[Math.max(branch, 0)]!);
  };
  for (const key of path) {
    pick();
    const def = defOf(node);
    const next =
      def.type === 'object'
        ? def.shape?.[String(key)]
        : def.type === 'array'
          ? def.element
          : def.type === 'record'
            ? def.valueType
            : undefined;
    if (!next) return { branch: -1 };
    types = undefined;
    node = unwrap(next);
    current = (current as Record<PropertyKey, unknown> | null)?.[key];
  }
  pick();
  return { node, branch, ...(types && { types }) };
}

/** Whether a value written is of the kind of a schema node (`string`, `enum`, `object`, `array`...). */
function isOfKind(nodeType: string, value: unknown): boolean {
  if (typeof value === 'string') return nodeType === 'string' || nodeType === 'enum' || nodeType === 'literal';
  if (Array.isArray(value)) return nodeType === 'array' || nodeType === 'tuple';
  if (typeof value === 'object' && value !== null) return nodeType === 'object' || nodeType === 'record';
  return nodeType === typeof value;
}

/** Leaves out "Missing required option x" where another diagnostic says an unknown key is likely x misspelt. */
function withoutRenamed(diagnostics: Diagnostic[]): Diagnostic[] {
  const renamed = new Set(
    diagnostics.flatMap((diagnostic) => {
      const match = /^Unknown option "(.*)\.[^.]+": did you mean "(.*)"\?$/.exec(diagnostic.message);
      return match ? [`Missing required option "${match[1]}.${match[2]}"`] : [];
    }),
  );
  return diagnostics.filter((diagnostic) => !renamed.has(diagnostic.message));
}

function getIn(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function readVersionsJson(siteDir: string, fileName: string): string[] {
  const path = join(siteDir, fileName);
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new DocgenError(`${fileName} is not valid JSON: ${(cause as Error).message}`, {
      code: 'versions-invalid',
      location: { file: fileName, line: 1, column: 1 },
      hint: 'It must be a JSON array of version names, newest first: ["2506.1", "2504.1"].',
      cause,
    });
  }
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && name !== '')) {
    throw new DocgenError(`${fileName} must be an array of version names`, {
      code: 'versions-invalid',
      location: { file: fileName, line: 1, column: 1 },
      hint: 'Write it as a JSON array of strings, newest first: ["2506.1", "2504.1"].',
    });
  }
  // A version name becomes a folder (versioned_docs/version-<name>) and a route segment (/docs/<name>).
  for (const name of value as string[]) {
    const problem = getSegmentNameProblem(name);
    if (!problem) continue;
    const offset = text.indexOf(JSON.stringify(name).slice(0, -1));
    throw new DocgenError(`Invalid version name in ${fileName}: ${JSON.stringify(name)} ${problem}`, {
      code: 'versions-invalid',
      location: { file: fileName, ...(offset >= 0 ? getLineColumn(text, offset) : { line: 1, column: 1 }) },
      hint: 'A version name is one plain URL segment, such as 2506.1 or v2-beta: no "/", "\\", ".." or "." names, percent escapes or control characters.',
    });
  }
  return value as string[];
}

/**
 * The version names an instance's options give (`lastVersion`, `versions`, `onlyIncludeVersions`)
 * exist in its versions.json (or are `current`).
 */
function validateVersionNames(docs: DocsConfig, raw: RawConfig['docs'], at: PropertyKey[], yaml: YamlFile): void {
  const where = at.join('.');
  const check = (name: string, path: PropertyKey[], what: string, location = yaml.locate([...at, ...path])) =>
    assertKnownVersion(docs, name, what, location);
  if (raw.lastVersion !== undefined) check(raw.lastVersion, ['lastVersion'], `${where}.lastVersion`);
  for (const name of Object.keys(raw.versions))
    check(name, ['versions', name], `${where}.versions`, yaml.locateKey([...at, 'versions', name]));
  raw.onlyIncludeVersions?.forEach((name, index) => check(name, ['onlyIncludeVersions', index], `${where}.onlyIncludeVersions`));
}

/**
 * Instances have distinct ids, folders and routes; a navbar item's `docsPluginId` names one of
 * them, and the versions of a docsVersionDropdown are versions of its instance.
 */
function validateDocsInstances(instances: DocsConfig[], raw: RawConfig, yaml: YamlFile): void {
  const ids = instances.map((docs) => docs.id);
  raw.docsInstances.forEach((instance, index) => {
    const other = instances
      .slice(0, index + 1)
      .find((docs) => docs.id === instance.id || docs.path === instance.path || docs.routeBasePath === instance.routeBasePath);
    if (!other) return;
    const what =
      other.id === instance.id
        ? `the id "${instance.id}"`
        : other.path === instance.path
          ? `the folder ${instance.path}`
          : `the route /${instance.routeBasePath}`;
    const key = other.id === instance.id ? 'id' : other.path === instance.path ? 'path' : 'routeBasePath';
    throw new DocgenError(`Docs instance "${instance.id}" has ${what}, as docs instance "${other.id}" has`, {
      code: 'config-invalid',
      location: yaml.locate(['docsInstances', index, key]),
      hint: 'Each docs instance needs its own id, folder and routeBasePath.',
    });
  });
  const byId = (id: string | undefined) => instances.find((docs) => docs.id === (id ?? DEFAULT_DOCS_ID));
  const checkId = (id: string | undefined, path: PropertyKey[]) => {
    if (byId(id)) return;
    const suggestion = suggestName(id!, ids);
    throw new DocgenError(`Navbar item names docs instance "${id}", which does not exist`, {
      code: 'config-invalid',
      location: yaml.locate(path),
      hint: suggestion
        ? `Did you mean "${suggestion}"?`
        : `Docs instances: ${ids.join(', ')} (default is the docs of "docs"; leave docsPluginId out for it).`,
    });
  };
  raw.navbar.items.forEach((item, itemIndex) => {
    const at = ['navbar', 'items', itemIndex];
    if (item.type === 'dropdown') {
      item.items.forEach((child, childIndex) => {
        if ('type' in child) checkId(child.docsPluginId, [...at, 'items', childIndex, 'docsPluginId']);
      });
      return;
    }
    if (item.type !== 'docsVersionDropdown' && item.type !== 'doc' && item.type !== 'docSidebar') return;
    checkId(item.docsPluginId, [...at, 'docsPluginId']);
    if (item.type !== 'docsVersionDropdown') return;
    const docs = byId(item.docsPluginId)!;
    item.versions?.forEach((name, index) =>
      assertKnownVersion(docs, name, 'a docsVersionDropdown navbar item', yaml.locate([...at, 'versions', index])),
    );
  });
}

/** Throws unless `name` is a version of the instance (written at `location`, in `what` of the config). */
function assertKnownVersion(docs: DocsConfig, name: string, what: string, location: SourceLocation): void {
  const known = getKnownVersionNames(docs);
  if (known.includes(name)) return;
  throw new DocgenError(`Docs version "${name}" in ${what} does not exist. Available version names are: ${known.join(', ')}`, {
    code: 'config-unknown-version',
    location,
    hint: `Use one of the available names, or add "${name}" to ${getInstanceFiles(docs.id).versionsFile} with docgen version cut ${name}${docs.id === DEFAULT_DOCS_ID ? '' : ` --docs ${docs.id}`}.`,
  });
}

function validateLocales(raw: RawConfig, yaml: YamlFile): void {
  const { defaultLocale, locales, localeConfigs } = raw.i18n;
  if (!locales.includes(defaultLocale)) {
    throw new DocgenError(`The default locale "${defaultLocale}" is not one of i18n.locales (${locales.join(', ')})`, {
      code: 'config-invalid',
      location: yaml.locate(['i18n', 'defaultLocale']),
      hint: `Add "${defaultLocale}" to i18n.locales or pick one of them as the default.`,
    });
  }
  for (const locale of Object.keys(localeConfigs)) {
    if (locales.includes(locale)) continue;
    throw new DocgenError(`i18n.localeConfigs has "${locale}", which is not one of i18n.locales (${locales.join(', ')})`, {
      code: 'config-invalid',
      location: yaml.locate(['i18n', 'localeConfigs', locale]),
      hint: `Add "${locale}" to i18n.locales or remove its localeConfigs entry.`,
    });
  }
}

/** `pdf`, its versions named by some docs instance and its locales by `i18n.locales`. */
function toPdfConfig(raw: RawConfig, yaml: YamlFile, locales: string[], instances: DocsConfig[]): PdfConfig {
  const { versions, locales: pdfLocales, paperSize, cover, build } = raw.pdf;
  const known = new Set(instances.flatMap((docs) => [...(docs.includeCurrentVersion ? ['current'] : []), ...docs.versionedNames]));
  versions?.forEach((name, index) => {
    if (known.has(name)) return;
    throw new DocgenError(`pdf.versions has "${name}", which is no docs version of the site`, {
      code: 'config-invalid',
      location: yaml.locate(['pdf', 'versions', index]),
      hint: `Name versions as versions.json does, and the current docs "current": ${[...known].join(', ')}.`,
    });
  });
  pdfLocales?.forEach((locale, index) => {
    if (locales.includes(locale)) return;
    throw new DocgenError(`pdf.locales has "${locale}", which is not one of i18n.locales (${locales.join(', ')})`, {
      code: 'config-invalid',
      location: yaml.locate(['pdf', 'locales', index]),
      hint: `Add "${locale}" to i18n.locales or remove it from pdf.locales.`,
    });
  });
  return { versions, locales: pdfLocales, paperSize, cover, build };
}

/** The `customCss` files as site-relative paths; each must be a stylesheet (CSS or Sass) inside the site. */
function readCustomCss(siteDir: string, value: string | string[] | undefined, yaml: YamlFile): string[] {
  if (value === undefined) return [];
  const files = typeof value === 'string' ? [value] : value;
  return files.map((file, index) => {
    const path = typeof value === 'string' ? ['customCss'] : ['customCss', index];
    const absolutePath = resolve(siteDir, file);
    const sitePath = relative(siteDir, absolutePath).split(sep).join('/');
    const fail = (message: string, hint: string): never => {
      throw new DocgenError(message, { code: 'config-custom-css', location: yaml.locate(path), hint });
    };
    if (isAbsolute(file) || sitePath.startsWith('../') || sitePath === '..') {
      fail(`customCss "${file}" is outside the site folder`, 'Give a path relative to the site folder, such as src/css/custom.css.');
    }
    if (!/\.(css|s[ac]ss)$/i.test(sitePath)) {
      fail(
        `customCss "${file}" is not a stylesheet`,
        'List stylesheets only: .css files, or Sass (.scss, .sass) with sass installed in the site.',
      );
    }
    let isFile = false;
    try {
      isFile = statSync(absolutePath).isFile();
    } catch {
      // Reported below.
    }
    if (!isFile) fail(`customCss file "${file}" does not exist`, `Create ${sitePath} or remove it from customCss.`);
    return sitePath;
  });
}

/** The folder of docgen's own theme, `@docgen/site-theme`: a site's theme when its config names none. */
export function getDefaultThemeDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@docgen/site-theme/package.json'));
}

function resolveThemeDir(siteDir: string, theme: string | undefined, yaml: YamlFile): string {
  try {
    if (theme === undefined) return getDefaultThemeDir();
    if (theme.startsWith('.') || isAbsolute(theme)) {
      const dir = resolve(siteDir, theme);
      if (!existsSync(join(dir, 'package.json'))) throw new Error(`no package.json in ${dir}`);
      return dir;
    }
    return dirname(createRequire(join(siteDir, 'package.json')).resolve(`${theme}/package.json`));
  } catch (cause) {
    throw new DocgenError(`Cannot find the theme "${theme ?? '@docgen/site-theme'}"`, {
      code: 'config-theme',
      location: theme === undefined ? undefined : yaml.locate(['theme']),
      hint: 'Give a folder with a package.json (relative to the site) or an installed package name.',
      cause,
    });
  }
}
