/**
 * The compile keys of a site's markdown sources: what each body is compiled with (the compile
 * salt: docgen, the compile stage's code, the options that change what compiling gives) and, for
 * `.mdx` sources, the site's MDX runtime and the context its pages see. A body whose key is in the
 * compile store is not compiled again.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, SiteConfig, SiteContent, SourceMarkdown } from '@docgen/types';
import { getCompileKey, type CompileTask, type MdxInput, type MdxPageContext } from '../compile/mainThread.js';
import { bundleMdxRuntime, COMPONENT_SCOPE, OVERRIDES_DIR } from '../bundle/index.js';
import { DOCGEN_VERSION } from '../version.js';
import { getSiteContext } from './siteContext.js';
import { getLocaleDir, readFileStamp } from '../files/index.js';
import { hashMarkdownBody } from '../content/index.js';
import { hashOwnCode } from '../processes/index.js';

/** Every markdown source of the site (a fallback page's source is its default-locale file). */
export function getMarkdownSources(content: SiteContent): SourceMarkdown<unknown>[] {
  return [
    ...content.versions.flatMap((version) => version.docs),
    ...content.blogPosts,
    ...content.pages.flatMap((page) => (page.markdown ? [page.markdown] : [])),
  ];
}
/**
 * What compile keys are salted with: docgen's version, the compiler's own code (a store outlives
 * a change of the compiler within a version) and the options that change what compiling gives.
 */
export const readCompileSalt = (config: SiteConfig) =>
  JSON.stringify([DOCGEN_VERSION, readCompilerKey(), config.themeConfig.code.additionalLanguages, getMarkdownKey(config)]);

/** What of `markdown` changes what compiling gives: math, diagrams, npm2yarn's package managers, and each plugin's name, version (and code, when linked) and options. */
function getMarkdownKey({ markdown }: SiteConfig) {
  const plugin = ({ name, version, codeKey, options }: SiteConfig['markdown']['remarkPlugins'][number]) => [
    name,
    version,
    codeKey ?? null,
    options ?? null,
  ];
  return [markdown.math, markdown.mermaid, markdown.npm2yarn, markdown.remarkPlugins.map(plugin), markdown.rehypePlugins.map(plugin)];
}

/** A hash of the code of the compile stage (its folder, source or built). */
const readCompilerKey = () => hashOwnCode([new URL('../compile/', import.meta.url)]);

/** What every `.mdx` source of a site is compiled with: the site's MDX runtime and the context its pages see (see getMdxInput). */
export interface MdxSetup {
  /** What the runtime was bundled from, and each file it read as it was then (see readMdxSetup). */
  key: string;
  stamps: Record<string, string>;
  runtime: string;
  /** What bundling the site's modules warned of (see bundleMdxRuntime). */
  warnings: Diagnostic[];
  compat: SiteConfig['markdown']['mdx1Compat'];
  context: (locale: string) => MdxPageContext;
  /** The docs version of a doc's source (its instance and version name); undefined for other sources. */
  docsVersionOf: (source: SourceMarkdown<unknown>) => { pluginId: string; name: string } | undefined;
  locales: { locale: string; dir: string }[];
  defaultLocale: string;
}

/**
 * Compile keys of source files, remembered by file object: a content cache hands out the same
 * file again until it changes, so a builder that runs again hashes only the bodies that changed.
 * Each builder (or loadSite call) has its own: nothing is remembered across builds of a process.
 * `.mdx` sources are keyed with the site's MDX runtime too (`prepareMdx`, once the content is read).
 */
export function createSourceKeys() {
  const known = new WeakMap<object, { salt: string; key: string }>();
  // `content`: what the setup was prepared for (none for one made before: useMdxSetup).
  let mdx: { content: SiteContent | undefined; setup: Promise<MdxSetup | undefined>; ready?: MdxSetup } | undefined;
  const mdxInputOf = (source: SourceMarkdown<unknown>) => {
    if (!source.mdx) return undefined;
    if (!mdx?.ready) throw new Error(`The MDX runtime is not ready for ${source.file.sitePath}: prepareMdx first`);
    return getMdxInput(source, mdx.ready);
  };
  return {
    /** Bundles the MDX runtime of `content` (once per content read): keys and tasks of `.mdx` sources need it. */
    async prepareMdx(input: { siteDir: string; config: SiteConfig; content: SiteContent; storeDir: string }): Promise<void> {
      if (mdx?.content !== input.content) {
        const previous = mdx?.ready;
        mdx = { content: input.content, setup: readMdxSetup(input, previous) };
        // Reported with the content it was bundled for, once.
        void mdx.setup.then(
          (setup) => input.content.diagnostics.push(...(setup?.warnings ?? [])),
          () => {},
        );
      }
      const setup = await mdx.setup;
      if (mdx.content === input.content) mdx.ready = setup;
    },
    /** The MDX setup the keys of `.mdx` sources are made with, once prepareMdx is done (undefined for a site without MDX). */
    mdxSetup(): MdxSetup | undefined {
      return mdx?.ready;
    },
    /** Keys `.mdx` sources with a setup made before (a text edit's, from the last build's record) instead of prepareMdx. */
    useMdxSetup(setup: MdxSetup): void {
      mdx = { content: undefined, setup: Promise.resolve(setup), ready: setup };
    },
    keyOf(salt: string, source: SourceMarkdown<unknown>): string {
      const remembered = known.get(source.file);
      const mdxInput = mdxInputOf(source);
      const fullSalt = mdxInput ? `${salt}\0${mdxInput.runtime}` : salt;
      // An MDX file with partials is keyed anew each time: a partial may change while the file does not.
      if (remembered?.salt === fullSalt && !source.partials) return remembered.key;
      const key = getCompileKey(salt, source.file.sitePath, source.bodyLine, source.bodyHash ?? hashMarkdownBody(source.body), mdxInput);
      known.set(source.file, { salt: fullSalt, key });
      return key;
    },
    /**
     * What compiling `source` takes, under its compile key: the body, where it was written and, for
     * MDX, getMdxInput. The body of a source not read yet (see readMarkdownSource) is read when
     * the task is sent to a thread (posting a task reads its properties), not when it is made: a
     * first build makes a task of every page at once, and reading 10,000 bodies then held the
     * main thread for half a second before the first page of `serve --watch`.
     */
    taskOf(key: string, source: SourceMarkdown<unknown>): CompileTask {
      const task = { key, sourcePath: source.file.sitePath, bodyLine: source.bodyLine, mdx: mdxInputOf(source) };
      return Object.defineProperty(task, 'body', { enumerable: true, get: () => source.body }) as CompileTask;
    },
  };
}

export type SourceKeys = ReturnType<typeof createSourceKeys>;

/**
 * The site's component scope for every MDX page, Docusaurus's `src/theme/MDXComponents`, when it
 * has one: a file, or a folder's index (as `docusaurus swizzle` writes it, with the components it adds beside it).
 */
function findComponentScope(siteDir: string): string | undefined {
  return [COMPONENT_SCOPE, `${COMPONENT_SCOPE}/index`]
    .flatMap((name) => ['tsx', 'ts', 'jsx', 'js'].map((extension) => `${OVERRIDES_DIR}/${name}.${extension}`))
    .find((path) => existsSync(join(siteDir, path)));
}

/** Bundles the MDX runtime of a site whose content has `.mdx` sources (see bundleMdxRuntime); undefined when it has none. */
async function bundleAndStamp(input: Parameters<typeof bundleMdxRuntime>[0]) {
  const { file, inputs, warnings } = await bundleMdxRuntime(input);
  return { file, warnings, stamps: Object.fromEntries(inputs.map((path) => [path, readFileStamp(path)])) };
}

/**
 * Bundles the MDX runtime of a site whose content has `.mdx` sources (see bundleMdxRuntime);
 * undefined when it has none. The bundle of `previous` is kept while its input and every file it
 * read are the same (a dev server's save of a page's text does not bundle again).
 */
async function readMdxSetup(
  input: { siteDir: string; config: SiteConfig; content: SiteContent; storeDir: string },
  previous: MdxSetup | undefined,
): Promise<MdxSetup | undefined> {
  const { siteDir, config, content } = input;
  const sources = getMarkdownSources(content).filter((source) => source.mdx);
  if (sources.length === 0) return undefined;
  const modules = [...new Set(sources.flatMap((source) => Object.values(source.modules ?? {})))].sort();
  const packages = [...new Set(sources.flatMap((source) => source.packages ?? []))].sort();
  const bundleInput = {
    siteDir,
    themeDir: config.themeDir,
    modules,
    packages,
    componentScope: findComponentScope(siteDir),
    cacheDir: join(input.storeDir, 'mdx-runtime'),
    baseUrl: config.baseUrl,
  };
  const key = JSON.stringify(bundleInput);
  const unchanged =
    previous?.key === key &&
    existsSync(previous.runtime) &&
    Object.entries(previous.stamps).every(([path, stamp]) => readFileStamp(path) === stamp);
  const bundled = unchanged
    ? { file: previous.runtime, stamps: previous.stamps, warnings: previous.warnings }
    : await bundleAndStamp(bundleInput);
  const { i18n } = config;
  // One context per locale, made once: every MDX source of the locale compiles with it.
  const contexts = new Map(
    i18n.locales.map((locale) => [locale, getSiteContext(config, locale, content.translations[locale]?.code ?? {})]),
  );
  // Each doc's docs version, by its source (a locale's fallback to a doc is the same source).
  const docsVersions = new Map<SourceMarkdown<unknown>, { pluginId: string; name: string }>();
  for (const version of content.versions) {
    for (const doc of version.docs) docsVersions.set(doc, { pluginId: version.instance, name: version.name });
  }
  return {
    key,
    stamps: bundled.stamps,
    runtime: bundled.file,
    warnings: bundled.warnings,
    compat: config.markdown.mdx1Compat,
    defaultLocale: i18n.defaultLocale,
    locales: i18n.locales.map((locale) => ({ locale, dir: `${getLocaleDir(config, locale)}/` })),
    context: (locale) => contexts.get(locale)!,
    docsVersionOf: (source) => docsVersions.get(source),
  };
}

/** What an `.mdx` source is compiled with besides its body. */
function getMdxInput(source: SourceMarkdown<unknown>, setup: MdxSetup): MdxInput {
  const locale = setup.locales.find(({ dir }) => source.file.sitePath.startsWith(dir))?.locale ?? setup.defaultLocale;
  const docsVersion = setup.docsVersionOf(source);
  return {
    frontMatter: source.writtenFrontMatter ?? {},
    compat: setup.compat,
    runtime: setup.runtime,
    context: setup.context(locale),
    partials: source.partials ?? {},
    modules: source.modules ?? {},
    texts: source.texts ?? {},
    files: source.files ?? [],
    ...(docsVersion && { docsVersion }),
  };
}
