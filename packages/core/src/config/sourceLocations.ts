import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigSourceLocations, I18nConfig, ValueLocation } from '@docgen/types';
import { parseYamlFile, type YamlFile } from '../yaml/index.js';
import { getLocaleDir } from '../files/index.js';

/** Top-level keys of the config whose values become links on every page. */
const LINK_KEYS = ['navbar', 'footer', 'announcementBar', 'favicon'];
/** Keys of `i18n/<locale>/site.yaml` that replace a link-bearing config value in that locale. */
const TRANSLATED_LINK_KEYS = ['announcementBar'];

/**
 * Where the link-bearing values of the config (and their translations in each locale's
 * `site.yaml`) were written, so that later stages can report a broken navbar, footer or
 * announcement-bar link at its file:line:col. Undefined when there are none.
 */
export function readConfigSourceLocations(
  siteDir: string,
  config: { file: YamlFile; text: string },
  i18n: I18nConfig,
): ConfigSourceLocations | undefined {
  const locations: ConfigSourceLocations = { config: {}, translations: {} };
  const root = config.file.value as Record<string, unknown> | null;
  for (const key of LINK_KEYS) {
    if (root?.[key] !== undefined) locateStrings(config.file, config.text.split('\n'), [key], root[key], locations.config);
  }
  for (const locale of i18n.locales) {
    const sitePath = `${getLocaleDir({ i18n }, locale)}/site.yaml`;
    const absolutePath = join(siteDir, sitePath);
    if (!existsSync(absolutePath)) continue;
    const text = readFileSync(absolutePath, 'utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n');
    const file = parseYamlFile(text, sitePath);
    const value = file.value as Record<string, unknown> | null;
    const found: Record<string, ValueLocation> = {};
    for (const key of TRANSLATED_LINK_KEYS) {
      if (typeof value?.[key] === 'string') locateStrings(file, text.split('\n'), [key], value[key], found);
    }
    if (Object.keys(found).length > 0) locations.translations[locale] = found;
  }
  const empty = Object.keys(locations.config).length === 0 && Object.keys(locations.translations).length === 0;
  return empty ? undefined : locations;
}

/** Records the location of every string below `value`, by dotted path. */
function locateStrings(file: YamlFile, lines: string[], path: (string | number)[], value: unknown, out: Record<string, ValueLocation>) {
  if (typeof value === 'string') {
    out[path.join('.')] = locateString(file, lines, path, value);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => locateStrings(file, lines, [...path, index], item, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) locateStrings(file, lines, [...path, key], item, out);
  }
}

function locateString(file: YamlFile, lines: string[], path: (string | number)[], value: string): ValueLocation {
  const start = file.locate(path);
  const line = lines[start.line - 1] ?? '';
  const at = start.column - 1;
  const quote = line[at] === '"' || line[at] === "'" ? line[at] : undefined;
  const from = quote ? at + 1 : at;
  const verbatim = !value.includes('\n') && line.startsWith(value, from) && (quote === undefined || line[from + value.length] === quote);
  return verbatim ? { ...start, column: from + 1, verbatim } : { ...start, verbatim };
}
