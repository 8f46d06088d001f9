import { pathToFileURL } from 'node:url';
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { visit } from '../vendor/markdown.js';
import type { MarkdownConfig, MarkdownPluginConfig } from '@docgen/types';
import type { Plugin, Processor, Transformer } from 'unified';
import type { VFile } from 'vfile';
import { DocgenError } from '../diagnostics/index.js';
import { createWarn, getCompileData } from './compileData.js';
import { createDocgenPipeline, SitePluginError, type MarkdownPipeline, type SitePlugin } from './compileMarkdown.js';

/**
 * docgen's pipeline with what the site's `markdown` config adds: math (remark-math and
 * rehype-katex, loaded only when asked for), diagrams and the site's own plugins, imported from
 * its node_modules. A plugin that cannot be loaded or set up is an error at its entry in the config.
 */
export async function loadDocgenPipeline(markdown: MarkdownConfig): Promise<MarkdownPipeline> {
  const [math, remarkPlugins, rehypePlugins] = await Promise.all([
    markdown.math ? loadMath() : undefined,
    Promise.all(markdown.remarkPlugins.map((config) => loadSitePlugin(config, 'remark'))),
    Promise.all(markdown.rehypePlugins.map((config) => loadSitePlugin(config, 'rehype'))),
  ]);
  try {
    return createDocgenPipeline({ ...math, mermaid: markdown.mermaid, npm2yarn: markdown.npm2yarn, remarkPlugins, rehypePlugins });
  } catch (error) {
    if (!(error instanceof SitePluginError)) throw error;
    const config = [...markdown.remarkPlugins, ...markdown.rehypePlugins].find((plugin) => plugin.name === error.plugin);
    throw new DocgenError(`Setting up the ${error.kind} plugin "${error.plugin}" failed: ${error.message}`, {
      code: 'config-markdown-plugin',
      location: config?.location,
      hint: `Check its options in markdown.${error.kind}Plugins, or remove it.`,
      cause: error,
    });
  }
}

/** The property of a math element that holds where it was written (`line:column`), until KaTeX replaces the element. */
const MATH_PLACE = 'dataDocgenMathAt';

/**
 * remark-math and rehype-katex as docgen runs them: KaTeX renders after the text is read (see
 * MarkdownPipeline.renderMath), when hast holds no positions any more, so each math node carries
 * its own to its element, for the warning of invalid TeX.
 */
export async function loadMath(): Promise<Pick<Parameters<typeof createDocgenPipeline>[0], 'remarkMath' | 'renderMath'>> {
  const [{ default: remarkMathPlugin }, { default: rehypeKatex }] = await Promise.all([import('remark-math'), import('rehype-katex')]);
  // KaTeX's `strict` warnings would go to the console of a build thread: invalid TeX is reported below instead.
  const transform = (rehypeKatex as (options: object) => Transformer<HastRoot>)({ strict: 'ignore' });
  function remarkMath(this: Processor) {
    (remarkMathPlugin as (this: Processor) => void).call(this);
    return (tree: MdastRoot) => {
      visit(tree, ['math', 'inlineMath'], (node) => {
        const start = node.position?.start;
        if (!start) return;
        node.data ??= {};
        const data = node.data as { hProperties?: Record<string, unknown> };
        data.hProperties = { ...data.hProperties, [MATH_PLACE]: `${start.line}:${start.column}` };
      });
    };
  }
  return {
    remarkMath: remarkMath as Plugin<[], MdastRoot>,
    renderMath(tree: HastRoot, file: VFile) {
      const before = file.messages.length;
      void transform(tree, file, () => {});
      const warn = createWarn(getCompileData(file.data));
      for (const message of file.messages.splice(before)) {
        // Display math is a `code` element in the `pre` that has the place.
        const ancestors = (message.ancestors ?? []) as Element[];
        const at = [...ancestors].reverse().find((node) => node.properties?.[MATH_PLACE])?.properties[MATH_PLACE];
        const [line, column] = String(at ?? '1:1')
          .split(':')
          .map(Number);
        const place = { line: line!, column: column! };
        const cause = message.cause as Error | undefined;
        warn(
          `Invalid TeX: ${(cause?.message ?? message.reason).replace(/^KaTeX parse error: /, '')}`,
          'The formula is shown as written until it is fixed. KaTeX lists the TeX it supports: https://katex.org/docs/supported.html',
          place,
        );
      }
    },
  };
}

/** Imports a plugin of the site; what its attacher or transformer throws names it (SitePluginError). */
async function loadSitePlugin(config: MarkdownPluginConfig, kind: 'remark' | 'rehype'): Promise<SitePlugin> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(config.entryFile).href)) as { default?: unknown };
  } catch (cause) {
    throw new DocgenError(`Loading the ${kind} plugin "${config.name}" failed: ${(cause as Error)?.message ?? String(cause)}`, {
      code: 'config-markdown-plugin',
      location: config.location,
      hint: `Check that ${config.name} is installed and is an ES module or CommonJS package that Node can import.`,
      cause,
    });
  }
  const attacher = typeof module.default === 'function' ? module.default : module;
  if (typeof attacher !== 'function') {
    throw new DocgenError(`The ${kind} plugin "${config.name}" exports no plugin function`, {
      code: 'config-markdown-plugin',
      location: config.location,
      hint: `A ${kind} plugin package's default export is the plugin: check that ${config.name} is one.`,
    });
  }
  return { name: config.name, options: config.options, attacher: guard(attacher as Plugin<[unknown?]>, config.name, kind) };
}

/** The plugin with what it throws, as it is set up or as it runs on a file, wrapped in a SitePluginError. */
function guard(plugin: Plugin<[unknown?]>, name: string, kind: 'remark' | 'rehype'): Plugin<[unknown?]> {
  return function (this: Processor, ...args: [unknown?]) {
    let transformer: ReturnType<typeof plugin>;
    try {
      transformer = plugin.apply(this, args);
    } catch (cause) {
      throw new SitePluginError(name, kind, cause);
    }
    if (typeof transformer !== 'function') return transformer;
    return function (this: unknown, ...runArgs: Parameters<Transformer>) {
      let result: unknown;
      try {
        result = (transformer as (...input: unknown[]) => unknown).apply(this, runArgs);
      } catch (cause) {
        throw new SitePluginError(name, kind, cause);
      }
      if (result instanceof Promise) {
        result.catch(() => {});
        throw new SitePluginError(name, kind, new Error('it is asynchronous (returns a promise): docgen runs plugins synchronously'));
      }
      return result as ReturnType<Transformer>;
    } as Transformer;
  };
}
