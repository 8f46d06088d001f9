import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { SITE_NAMESPACE } from '../files/index.js';

/** A Sass stylesheet: `.scss` (SCSS syntax) or `.sass` (the indented syntax). */
export const SASS_FILE = /\.s[ac]ss$/i;
/** A stylesheet whose class names are the module's own: `.module.css`, `.module.scss`, `.module.sass`. */
export const STYLESHEET_MODULE = /\.module\.(css|s[ac]ss)$/i;

/** What docgen uses of the Sass compiler's API (the `sass` package's, and `sass-embedded`'s). */
interface SassCompiler {
  compile(
    path: string,
    options: {
      style: 'expanded';
      loadPaths: string[];
      importers: { findFileUrl(url: string): URL | null }[];
      quietDeps: boolean;
      logger: { warn(message: string, options: { deprecation: boolean }): void; debug(): void };
    },
  ): { css: string; loadedUrls: URL[] };
}

/** A Sass error: its message, and where it is (`span.url` a file URL, `line` and `column` from 0). */
interface SassException {
  sassMessage?: string;
  span?: { url?: URL; start: { line: number; column: number }; context?: string };
}

/**
 * How a bundle takes a site's stylesheets: the browser's applies them (plain CSS and CSS
 * modules); the server's needs only the class names of modules, for the markup it renders.
 */
export type StylesheetUse = 'browser' | 'server';

export interface SassStylesheets {
  plugin: esbuild.Plugin;
  /** Every file the Sass stylesheets of the bundle read (their partials too), absolute paths: what the bundle was made from. */
  files(): string[];
}

/**
 * Sass stylesheets of a site (`customCss: src/css/custom.scss`, `import styles from
 * './index.module.scss'`), compiled as docusaurus-plugin-sass compiles them: with the `sass`
 * package installed in the site (or `sass-embedded`), `@use` and `@import` found beside the file,
 * in node_modules, or from node_modules with webpack's `~`. A `.module.scss` is a CSS module, as a
 * `.module.css` is. Nothing is loaded for a site without Sass.
 */
export function sassStylesheets(siteDir: string, use: StylesheetUse): SassStylesheets {
  const read = new Set<string>();
  let compiler: SassCompiler | undefined;
  const nodeModules = join(siteDir, 'node_modules');
  const load = (absolutePath: string): esbuild.OnLoadResult => {
    const module = STYLESHEET_MODULE.test(absolutePath);
    // The server bundle drops plain stylesheets (the page links the browser's), as it does plain CSS.
    if (use === 'server' && !module) return { contents: '', loader: 'empty' };
    compiler ??= loadSassCompiler(siteDir);
    if (!compiler) {
      return {
        errors: [
          {
            text: `${toShownPath(siteDir, absolutePath)} is a Sass stylesheet, and the site has no Sass compiler installed`,
            // At the stylesheet, not at the import of it (the config's are imported by docgen's own entry).
            location: { file: absolutePath, line: 1, column: 0 },
            notes: [{ text: 'Install the sass package in the site (npm install --save-dev sass), as docusaurus-plugin-sass needs it.' }],
          },
        ],
      };
    }
    const warnings: esbuild.PartialMessage[] = [];
    try {
      const result = compiler.compile(absolutePath, {
        style: 'expanded',
        loadPaths: [nodeModules],
        // `@import '~package/x'`: webpack's way to node_modules, which Docusaurus sites write.
        importers: [{ findFileUrl: (url) => (url.startsWith('~') ? pathToFileURL(join(nodeModules, url.slice(1))) : null) }],
        quietDeps: true,
        // The stylesheet's own `@warn`s; Sass's deprecation notices are about the language, not the site.
        logger: { warn: (message, options) => void (options.deprecation || warnings.push({ text: message })), debug: () => {} },
      });
      for (const url of result.loadedUrls) if (url.protocol === 'file:') read.add(fileURLToPath(url));
      return { contents: result.css, loader: module ? 'local-css' : 'css', resolveDir: dirname(absolutePath), warnings };
    } catch (error) {
      const { sassMessage, span } = error as SassException;
      if (sassMessage === undefined) throw error;
      const file = span?.url?.protocol === 'file:' ? fileURLToPath(span.url) : absolutePath;
      read.add(file);
      return {
        errors: [
          {
            text: `Sass: ${sassMessage}`,
            location: span && { file, line: span.start.line + 1, column: span.start.column, lineText: span.context?.split('\n')[0] },
            notes: [{ text: SASS_HINT }],
          },
        ],
      };
    }
  };
  return {
    plugin: {
      name: 'docgen-sass',
      setup(build) {
        build.onLoad({ filter: SASS_FILE }, (args) => {
          if (args.namespace === SITE_NAMESPACE) return load(resolve(siteDir, args.path));
          return args.namespace === 'file' ? load(args.path) : undefined;
        });
      },
    },
    files: () => [...read].sort(),
  };
}

/** What a Sass error's reader is told to do. */
const SASS_HINT =
  'Fix the Sass at this place: `@use` and `@import` find files beside the stylesheet, in node_modules/, and in node_modules/ by `~package/`.';

/** The site's own Sass compiler, as Docusaurus's sass-loader takes it; undefined when none is installed. */
function loadSassCompiler(siteDir: string): SassCompiler | undefined {
  const require = createRequire(join(siteDir, 'package.json'));
  for (const name of ['sass', 'sass-embedded']) {
    let path: string;
    try {
      path = require.resolve(name);
    } catch {
      continue;
    }
    // Installed: an error loading it is its own, and says so.
    return require(path) as SassCompiler;
  }
  return undefined;
}

/** A file as a message names it: below the site, by its site path. */
const toShownPath = (siteDir: string, absolutePath: string) => {
  const path = relative(siteDir, absolutePath);
  return path.startsWith('..') ? absolutePath : path.split('\\').join('/');
};
