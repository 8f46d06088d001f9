import { useSiteData } from '@docgen/client';

type Values = Record<string, string | number>;

/**
 * UI strings by locale. English is complete and stands in for a string a locale lacks; a site
 * overrides any key in `i18n/<locale>/theme.yaml`.
 */
export type StringTable<Key extends string> = { en: Record<Key, string> } & Partial<Record<string, Partial<Record<Key, string>>>>;

/**
 * The strings any page may show. The others live in the module that shows them, so that they load
 * with it: the screens and dialogs loaded on demand, and the markdown renderer (renderContent.tsx),
 * which runs on the server only.
 */
const STRINGS = {
  en: {
    skipToContent: 'Skip to main content',
    'announcement.close': 'Close',
    'navbar.toggle': 'Toggle navigation bar',
    'colorMode.toggle': 'Switch between dark and light mode (currently {mode})',
    'colorMode.light': 'light mode',
    'colorMode.dark': 'dark mode',
    'colorMode.system': 'system mode',
    'sidebar.label': 'Docs sidebar',
    'sidebar.toggleCategory': "Toggle the collapsible sidebar category '{label}'",
    'breadcrumbs.label': 'Breadcrumbs',
    'breadcrumbs.home': 'Home page',
    'toc.title': 'On this page',
    'paginator.label': 'Docs pages',
    'paginator.previous': 'Previous',
    'paginator.next': 'Next',
    'version.badge': 'Version: {version}',
    'copyMarkdown.button': 'Copy page as Markdown',
    'copyMarkdown.copied': 'Copied',
    'copyMarkdown.failed': 'Copy failed',
    'footer.label': 'Footer',
    externalLink: '(opens in a new tab)',
    languages: 'Languages',
    versions: 'Versions',
    loading: 'Loading…',
    'search.open': 'Search (Ctrl+K)',
    'search.label': 'Search',
  },
  ko: {
    skipToContent: '본문으로 건너뛰기',
    'announcement.close': '닫기',
    'navbar.toggle': '탐색 메뉴 열기/닫기',
    'colorMode.toggle': '어두운 모드와 밝은 모드 전환 (현재 {mode})',
    'colorMode.light': '밝은 모드',
    'colorMode.dark': '어두운 모드',
    'colorMode.system': '시스템 모드',
    'sidebar.label': '문서 사이드바',
    'sidebar.toggleCategory': "'{label}' 분류 펼치기/접기",
    'breadcrumbs.label': '이동 경로',
    'breadcrumbs.home': '홈',
    'toc.title': '이 페이지의 내용',
    'paginator.label': '문서 페이지 이동',
    'paginator.previous': '이전',
    'paginator.next': '다음',
    'version.badge': '버전: {version}',
    'copyMarkdown.button': '마크다운으로 복사',
    'copyMarkdown.copied': '복사됨',
    'copyMarkdown.failed': '복사하지 못했습니다',
    'footer.label': '바닥글',
    externalLink: '(새 탭에서 열림)',
    languages: '언어',
    versions: '버전',
    loading: '불러오는 중…',
    'search.open': '검색 (Ctrl+K)',
    'search.label': '검색',
  },
} as const;

export type TranslationKey = keyof (typeof STRINGS)['en'];

/** Looks up a UI string of `table` for a locale: the site's override, then the table's locale, then English. */
export function translateFrom<Key extends string>(
  table: StringTable<Key>,
  locale: string,
  overrides: Record<string, string>,
  key: Key,
  values: Values = {},
): string {
  const template = overrides[key] ?? table[locale]?.[key] ?? table.en[key];
  // Most strings have no placeholder; pages call this dozens of times each.
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** Looks up one of the strings any page may show for a locale: the site's override, then the locale's string, then English. */
export function translate(locale: string, overrides: Record<string, string>, key: TranslationKey, values?: Values): string {
  return translateFrom(STRINGS, locale, overrides, key, values);
}

/**
 * Translates in the locale of the site being shown: the strings any page may show and, when the
 * calling module keeps strings of its own, those of `table`.
 */
export function useTranslate<Key extends string = never>(table?: StringTable<Key>) {
  const site = useSiteData();
  return (key: TranslationKey | Key, values?: Values) =>
    table && key in table.en
      ? translateFrom(table, site.locale, site.translations, key as Key, values)
      : translate(site.locale, site.translations, key as TranslationKey, values);
}
