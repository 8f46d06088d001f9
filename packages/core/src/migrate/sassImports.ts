import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** `@use`, `@forward` and `@import` with what follows, up to the end of the rule. */
const LOAD_RULE = /@(?:use|forward|import)\s+([^;{}]+)/g;
/** A quoted string of a load rule: what it loads (`@import 'a', 'b'` loads two). */
const QUOTED = /(['"])([^'"\n]+)\1/g;
/** What a load rule names that is no file of the site: Sass's own modules, a package by `~`, a URL. */
const NOT_SITE_FILE = /^(sass:|~|[a-z][a-z\d+.-]*:\/\/|\/\/)/i;

/**
 * What a Sass stylesheet loads from files, as written (`@use 'variables'`, `@import
 * '../base/mixins'`): not Sass's own modules (`sass:math`), URLs, `url()` imports or what comes
 * from node_modules (`~package/x`). Comments are left out; `.sass` files are read the same way.
 */
export function readSassImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const rule of code.matchAll(LOAD_RULE)) {
    const written = rule[1]!.replace(/\burl\([^)]*\)/g, '');
    for (const quoted of written.matchAll(QUOTED)) {
      const specifier = quoted[2]!;
      if (NOT_SITE_FILE.test(specifier)) continue;
      found.push(specifier);
    }
  }
  return found;
}

/**
 * `text` with each file a load rule names (see readSassImports) as `rewrite` gives it, or as
 * written when it gives undefined: a stylesheet moved to another folder keeps loading the same files.
 */
export function rewriteSassImports(text: string, rewrite: (specifier: string) => string | undefined): string {
  return text.replace(LOAD_RULE, (rule) =>
    rule.replace(QUOTED, (quoted, quote: string, specifier: string) => {
      if (NOT_SITE_FILE.test(specifier)) return quoted;
      const rewritten = rewrite(specifier);
      return rewritten === undefined ? quoted : `${quote}${rewritten}${quote}`;
    }),
  );
}

/**
 * The site path of the file a Sass load names from the folder `fromDir` (a site path), as Sass
 * looks for it: the file, its partial (`_name`), with `.scss`, `.sass` or `.css`, or the folder's
 * `_index` or `index`. Undefined when the site has none of them (a package's, in node_modules).
 */
export function resolveSassImport(siteDir: string, fromDir: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(fromDir, specifier));
  if (base.startsWith('..')) return undefined;
  const dir = posix.dirname(base);
  const name = posix.basename(base);
  const inDir = (file: string) => (dir === '.' ? file : `${dir}/${file}`);
  const named = /\.(s[ac]ss|css)$/i.test(name)
    ? [name, `_${name}`]
    : ['.scss', '.sass', '.css'].flatMap((extension) => [`${name}${extension}`, `_${name}${extension}`]);
  const candidates = [
    ...named.map(inDir),
    ...['_index.scss', '_index.sass', 'index.scss', 'index.sass', 'index.css'].map((file) => `${base}/${file}`),
  ];
  return candidates.find((path) => {
    const absolutePath = join(siteDir, path);
    return existsSync(absolutePath) && statSync(absolutePath).isFile();
  });
}
