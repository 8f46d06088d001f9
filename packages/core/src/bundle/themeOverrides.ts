import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { DocgenError, suggestName } from '../diagnostics/index.js';

/** A theme component a site can override, as the theme declares it (`docgen.components` of its package.json). */
export interface ThemeComponent {
  name: string;
  /** Absolute path of the module that holds it. */
  file: string;
  /** The name it is exported under there. */
  exportName: string;
  /** The name of its props type, exported by the theme's `./props` module. */
  props: string;
}

/** The components of the theme in `themeDir` that a site can override, in the theme's order. */
export function readThemeComponents(themeDir: string): ThemeComponent[] {
  const manifest = JSON.parse(readFileSync(join(themeDir, 'package.json'), 'utf8')) as {
    docgen?: { components?: Record<string, { file?: string; export?: string; props?: string }> };
  };
  return Object.entries(manifest.docgen?.components ?? {}).map(([name, entry]) => {
    if (!entry.file || !entry.export) {
      throw new DocgenError(`The theme in ${themeDir} declares the component ${name} without its file and export`, {
        code: 'theme-invalid',
        hint: `Write it as "${name}": { "file": "./src/${name}.tsx", "export": "${name}", "props": "${name}Props" } in docgen.components of its package.json.`,
      });
    }
    return { name, file: resolve(themeDir, entry.file), exportName: entry.export, props: entry.props ?? `${name}Props` };
  });
}

/** The folder of a site's component overrides, relative to the site. */
export const OVERRIDES_DIR = 'src/theme';
const OVERRIDE_EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js'];
/** `src/theme/MDXComponents`: the MDX pages' component scope (Docusaurus's), which the MDX runtime reads; no theme override. */
export const COMPONENT_SCOPE = 'MDXComponents';

/**
 * The site's overrides: `src/theme/<Name>.tsx` (or .jsx, .ts, .js) by component name, as
 * site-relative paths. A file there that names no overridable component fails, with the nearest name.
 */
export function findThemeOverrides(siteDir: string, components: ThemeComponent[]): Record<string, string> {
  const dir = join(siteDir, OVERRIDES_DIR);
  if (!existsSync(dir)) return {};
  const names = components.map((component) => component.name);
  const overrides: Record<string, string> = {};
  for (const file of readdirSync(dir).sort()) {
    const extension = extname(file);
    if (!OVERRIDE_EXTENSIONS.includes(extension) || file.endsWith('.d.ts') || !statSync(join(dir, file)).isFile()) continue;
    const name = file.slice(0, -extension.length);
    if (name === COMPONENT_SCOPE) continue;
    const sitePath = `${OVERRIDES_DIR}/${file}`;
    if (!names.includes(name)) {
      const suggestion = suggestName(name, names);
      throw new DocgenError(`${sitePath} overrides no theme component: there is none named "${name}"`, {
        code: 'theme-override-unknown',
        location: { file: sitePath, line: 1, column: 1 },
        hint: `${suggestion ? `Did you mean ${suggestion}? ` : ''}The components a site can override: ${names.join(', ')} (docgen swizzle --list). Move other modules out of ${OVERRIDES_DIR}/.`,
      });
    }
    if (overrides[name]) {
      throw new DocgenError(`${name} is overridden twice: ${overrides[name]} and ${sitePath}`, {
        code: 'theme-override-twice',
        location: { file: sitePath, line: 1, column: 1 },
        hint: 'Keep one of the two files.',
      });
    }
    overrides[name] = sitePath;
  }
  return overrides;
}

const SLOT_NAMESPACE = 'docgen-theme-slot';
const ORIGINAL_NAMESPACE = 'docgen-theme-original';
const SKIP = 'docgen-theme-resolved';

/** Whether a module of a bundle's metafile is one this plugin generates (no file). */
export const isGeneratedModule = (path: string) => path.startsWith(`${SLOT_NAMESPACE}:`) || path.startsWith(`${ORIGINAL_NAMESPACE}:`);

/**
 * Resolves the theme's components to the site's overrides, in both bundles alike:
 * - a module of the theme that imports an overridden component's module gets, under the
 *   component's export name, the override's default export (the module's other exports stay);
 * - `@theme/<Name>` is the component as the site has it (overridden or not), `@theme-original/<Name>`
 *   the theme's own, both as the default export;
 * - `@theme-internal/<path>` is a module of the theme's `src/` (what an ejected component imports).
 * Site files are loaded in `siteNamespace` (the site-modules plugin), under their site-relative path.
 */
export function themeOverrides(input: {
  themeDir: string;
  components: ThemeComponent[];
  overrides: Record<string, string>;
  siteNamespace: string;
}): esbuild.Plugin {
  const { components, overrides } = input;
  const themeSrc = join(input.themeDir, 'src');
  const byName = new Map(components.map((component) => [component.name, component]));
  const overriddenByFile = new Map(components.filter((c) => overrides[c.name]).map((component) => [component.file, component]));
  const unknown = (name: string, specifier: string) => ({
    errors: [
      {
        text: `${specifier}: the theme has no overridable component "${name}"`,
        notes: [
          {
            text: `${suggestName(name, [...byName.keys()]) ? `Did you mean ${suggestName(name, [...byName.keys()])}? ` : ''}See docgen swizzle --list.`,
          },
        ],
      },
    ],
  });
  return {
    name: 'docgen-theme-overrides',
    setup(build) {
      build.onResolve({ filter: /^@theme(-original)?\/[^/]+$/ }, (args) => {
        const [prefix, name] = args.path.split('/') as [string, string];
        if (!byName.has(name)) return unknown(name, args.path);
        const override = overrides[name];
        return prefix === '@theme-original' || !override
          ? { path: name, namespace: ORIGINAL_NAMESPACE }
          : { path: override, namespace: input.siteNamespace };
      });
      build.onResolve({ filter: /^@theme-internal\// }, async (args) => {
        const result = await build.resolve(`./${args.path.slice('@theme-internal/'.length)}`, {
          kind: args.kind,
          resolveDir: themeSrc,
          pluginData: SKIP,
        });
        if (result.errors.length > 0) return { errors: result.errors };
        const component = overriddenByFile.get(result.path);
        return component ? { path: component.name, namespace: SLOT_NAMESPACE } : { path: result.path };
      });
      build.onLoad({ filter: /.*/, namespace: ORIGINAL_NAMESPACE }, (args) => {
        const component = byName.get(args.path)!;
        return {
          contents: `export { ${component.exportName} as default } from ${JSON.stringify(component.file)};`,
          loader: 'js',
          resolveDir: themeSrc,
        };
      });
      if (overriddenByFile.size === 0) return;
      // The theme's own imports of an overridden component's module.
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === SKIP || args.namespace !== 'file' || !args.importer.startsWith(themeSrc)) return undefined;
        const result = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: SKIP });
        const component = result.errors.length === 0 ? overriddenByFile.get(result.path) : undefined;
        return component ? { path: component.name, namespace: SLOT_NAMESPACE } : undefined;
      });
      // The module as the theme imports it, with the override in place of the component.
      build.onLoad({ filter: /.*/, namespace: SLOT_NAMESPACE }, (args) => {
        const component = byName.get(args.path)!;
        const override = JSON.stringify(`${input.siteNamespace}:${overrides[component.name]!}`);
        const contents = `export * from ${JSON.stringify(component.file)};\nexport { default as ${component.exportName} } from ${override};`;
        return { contents, loader: 'js', resolveDir: themeSrc };
      });
    },
  };
}
