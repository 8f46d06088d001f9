/** localStorage key of the colour mode, read by the inline head script and the theme. */
export const COLOR_MODE_STORAGE_KEY = 'theme';

/** localStorage key of the dismissed announcement bar's id. */
export const ANNOUNCEMENT_STORAGE_KEY = 'docgen.announcement.dismiss';

/** localStorage key of the preferred docs version of a docs plugin. */
export function getPreferredVersionStorageKey(pluginId: string): string {
  return `docs-preferred-version-${pluginId}`;
}

/** localStorage key of the chosen tab of a tab group (`groupId`). */
export function getTabGroupStorageKey(groupId: string): string {
  return `docgen.tab.${groupId}`;
}
