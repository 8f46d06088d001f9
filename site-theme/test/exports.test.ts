import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import * as client from '../src/client.js';
import * as site from '../src/index.js';
import * as server from '../src/server.js';

describe('the public exports of the theme', () => {
  it('pins its entries: what site pages import, what docgen renders with and what the browser starts', () => {
    expect(manifest.exports).toEqual({
      '.': './src/index.ts',
      './props': './src/props.ts',
      './modules': './src/modules.d.ts',
      './package.json': './package.json',
    });
    expect(manifest.docgen).toMatchObject({ serverEntry: './src/server.tsx', clientEntry: './src/client.tsx', browserOnly: ['mermaid'] });
    const names = (entry: object) => Object.keys(entry).sort();
    expect({ '.': names(site), serverEntry: names(server), clientEntry: names(client) }).toMatchInlineSnapshot(`
      {
        ".": [
          "Link",
          "MAIN_ID",
          "PageMetadata",
          "translate",
          "useLocation",
          "usePage",
          "useSiteData",
          "useTranslate",
        ],
        "clientEntry": [
          "startClient",
        ],
        "serverEntry": [
          "preload",
          "renderContent",
          "renderPage",
          "sidebarMoreLabel",
        ],
      }
    `);
  });
});
