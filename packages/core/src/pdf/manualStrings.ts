/**
 * The words a manual prints besides its pages (cover, contents), by locale: the locale's own
 * table when there is one (its language's, `ko` for `ko-KR`), else English.
 */
export interface ManualStrings {
  contents: string;
  /** The cover's version line: `{version}` is the version's label. */
  version: string;
  /** The cover's date line: `{date}` is the build's date. */
  builtOn: string;
  /** A category's count of items on its card when it has no description: `{count}`. */
  items: string;
}

const STRINGS: Record<string, ManualStrings> = {
  en: { contents: 'Contents', version: 'Version {version}', builtOn: 'Built on {date}', items: '{count} items' },
  ko: { contents: '목차', version: '버전 {version}', builtOn: '{date} 빌드', items: '항목 {count}개' },
  ja: { contents: '目次', version: 'バージョン {version}', builtOn: '{date} ビルド', items: '{count} 項目' },
  zh: { contents: '目录', version: '版本 {version}', builtOn: '构建于 {date}', items: '{count} 项' },
};

export function getManualStrings(locale: string): ManualStrings {
  return STRINGS[locale] ?? STRINGS[locale.split('-')[0]!.toLowerCase()] ?? STRINGS.en!;
}

export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
