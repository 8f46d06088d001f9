import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * `url('@site/static/img/x.png')` in a stylesheet of the site (its customCss, a component's CSS
 * module), as webpack resolves it for a Docusaurus site: the file of the site's folder, bundled. A
 * path to no file is an error at the url(), as it is under Docusaurus.
 */
export function siteStylesheetUrls(siteDir: string): esbuild.Plugin {
  return {
    name: 'docgen-site-stylesheet-urls',
    setup(build) {
      build.onResolve({ filter: /^@site\// }, (args) => {
        if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
        const absolutePath = resolve(siteDir, args.path.slice('@site/'.length).replace(/[?#].*$/, ''));
        return absolutePath.startsWith(siteDir + sep) && existsSync(absolutePath) && statSync(absolutePath).isFile()
          ? { path: absolutePath }
          : { errors: [{ text: `Cannot find ${args.path}: @site/ names a file of the site's folder` }] };
      });
    },
  };
}
