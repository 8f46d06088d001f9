import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import * as client from '../src/index.js';
import * as navigation from '../src/navigation.js';
import * as search from '../src/search.js';

describe('the public exports of @docgen/client', () => {
  it('pins every entry the package exports, by entry', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(['.', './navigation', './search']);
    const names = (entry: object) => Object.keys(entry).sort();
    expect({ '.': names(client), './navigation': names(navigation), './search': names(search) }).toMatchInlineSnapshot(`
      {
        ".": [
          "ANNOUNCEMENT_STORAGE_KEY",
          "COLOR_MODE_STORAGE_KEY",
          "Link",
          "RouterProvider",
          "getLoadedSidebar",
          "getPreferredVersionStorageKey",
          "getTabGroupStorageKey",
          "loadSidebar",
          "scrollToHash",
          "startSite",
          "toTocTree",
          "useLocation",
          "useNavigate",
          "usePage",
          "useSidebar",
          "useSiteData",
        ],
        "./navigation": [
          "isPrefetchAllowed",
          "loadPage",
          "prefetchRoute",
          "startNavigation",
        ],
        "./search": [
          "createSearchFileSource",
          "createShardedSearch",
          "getDocsSearchScope",
          "getHighlightPattern",
          "getSearchFileUrl",
          "getSearchIndexUrl",
        ],
      }
    `);
  });
});
