import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import type * as esbuild from 'esbuild';
import { DocgenError } from '../diagnostics/index.js';
import { getRootImportCandidates, SITE_NAMESPACE } from '../files/index.js';
import { hashOwnCode } from '../processes/index.js';

/**
 * esbuild's API, loaded with the first bundle a build makes: a build that makes none (a text edit,
 * a site whose bundles are cached) does not load it, some 50 ms of every command's start.
 */
export const loadEsbuild = () => import('esbuild');

/** esbuild's version, read from its package.json without loading it (the bundle caches' keys hold it). */
export const ESBUILD_VERSION = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

/** What every bundle docgen makes with esbuild shares: ES modules, React's automatic JSX, quiet, for production. */
export const BASE_OPTIONS = {
  bundle: true,
  format: 'esm',
  jsx: 'automatic',
  target: 'es2022',
  logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' },
} as const satisfies esbuild.BuildOptions;

/**
 * A failed esbuild run as docgen reports it: `<failed>: <esbuild's first error>` at its file, line
 * and column (a site module by its site-relative path, any other file as esbuild named it from
 * `workingDir`, the bundle's `absWorkingDir`). The hint says how to install a package that is not
 * (esbuild's own advice, to mark it external, is no setting of docgen's), else gives esbuild's
 * first note, or `hint`; it names the run's other errors, so that one build shows them all.
 */
export function toBundleError(error: unknown, input: { siteDir: string; workingDir: string; failed: string; hint: string }): DocgenError {
  const [first, ...others] = (error as esbuild.BuildFailure).errors ?? [];
  if (!first) {
    return new DocgenError(`${input.failed}: ${(error as Error)?.message ?? String(error)}`, { code: 'bundle-failed', cause: error });
  }
  const where = (message: esbuild.Message) => {
    const file = message.location?.file;
    const sitePath = file?.startsWith(`${SITE_NAMESPACE}:`)
      ? file.slice(SITE_NAMESPACE.length + 1)
      : file && relative(input.siteDir, resolve(input.workingDir, file));
    return message.location && sitePath ? { file: sitePath, line: message.location.line, column: message.location.column + 1 } : undefined;
  };
  const missing = /^Could not resolve "(?!\.|@site\/)((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"]*)?"$/.exec(first.text)?.[1];
  const hint = missing
    ? `Install the package in the site: npm install ${missing}`
    : (first.notes.find((note) => !/as external/.test(note.text))?.text ?? input.hint);
  const more = others.slice(0, 5).map((other) => {
    const at = where(other);
    return `${at ? `${at.file}:${at.line}:${at.column}: ` : ''}${other.text}`;
  });
  const rest = others.length > more.length ? ` (and ${others.length - more.length} more)` : '';
  return new DocgenError(`${input.failed}: ${first.text}`, {
    code: 'bundle-failed',
    location: where(first),
    hint: more.length > 0 ? `${hint}; also: ${more.join('; ')}${rest}` : hint,
    cause: error,
  });
}

/**
 * A hash of docgen's own bundling code (every module of this folder), for the theme bundle's key:
 * a bundle made by other code (docgen built anew at the same version) is not used, as the
 * browser-only bundles it names may have moved.
 */
export function readBundleCodeKey(): string {
  return hashOwnCode([new URL('.', import.meta.url)]);
}

/**
 * The file a path from `/` names, absolute: the site folder's, else its static folder's, as
 * Docusaurus's webpack resolves it (getRootImportCandidates); undefined when neither has it.
 */
export function findRootedFile(siteDir: string, path: string): string | undefined {
  return getRootImportCandidates(path)
    .map((sitePath) => join(siteDir, sitePath))
    .find((absolutePath) => existsSync(absolutePath) && statSync(absolutePath).isFile());
}

/** The namespace of the JSX runtime siteJsxRuntime gives: a module made here, no file. */
export const JSX_COMPAT_NAMESPACE = 'docgen-jsx-compat';

/**
 * React's JSX runtime as the site's own modules meet it, filling in a component's `defaultProps`
 * first: React 19's `jsx()` no longer gives them to function components, which React 18 (and
 * `createElement`, still) did, and which sites written for it rely on (testing-library's home page:
 * `Container.defaultProps.wrapper`, and its layout with it, was lost). Only the modules of the site
 * (`SITE_NAMESPACE`) are given it: the theme's code and packages keep React's own runtime. Add it
 * before a plugin that resolves React (islands.ts has one; the theme bundle has an esbuild alias),
 * which then resolves this module's own import of it.
 */
export function siteJsxRuntime(resolveDir: string): esbuild.Plugin {
  return {
    name: 'docgen-site-jsx-runtime',
    setup(build) {
      build.onResolve({ filter: /^react\/jsx-runtime$/, namespace: SITE_NAMESPACE }, () => ({
        path: 'react/jsx-runtime',
        namespace: JSX_COMPAT_NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: JSX_COMPAT_NAMESPACE }, () => ({ contents: JSX_COMPAT_RUNTIME, loader: 'js', resolveDir }));
    },
  };
}

/** The runtime siteJsxRuntime gives: React's, with `defaultProps` filled in as `createElement` fills them. */
const JSX_COMPAT_RUNTIME = `import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
export { Fragment };
function withDefaults(type, props) {
  const defaults = type != null && type.defaultProps;
  if (defaults) for (const name in defaults) if (props[name] === undefined) props[name] = defaults[name];
  return props;
}
export const jsx = (type, props, key) => reactJsx(type, withDefaults(type, props), key);
export const jsxs = (type, props, key) => reactJsxs(type, withDefaults(type, props), key);
`;
