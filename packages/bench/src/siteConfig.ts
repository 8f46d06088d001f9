import type { DocPage, Locale } from './pages.js';

const LOCALE_CONFIGS: Record<Locale, string> = {
  ko: `    ko:
      label: 한국어
      direction: ltr
      htmlLang: ko-KR
      calendar: gregory
      path: ko`,
  en: `    en:
      label: English
      direction: ltr
      htmlLang: en-US
      calendar: gregory
      path: en`,
};

/**
 * The `docgen.config.yaml` of a synthetic site; the shapes differ in their locales, their `docs:`
 * block and their navbar items, and share the rest (title, blog, footer, colour mode, code).
 */
export function toConfigYaml(options: {
  /** What the site is shaped like, for the comment at the top. */
  comment: string;
  /** The default locale first. */
  locales: readonly Locale[];
  /** The `docs:` block with its trailing blank line, or '' for docgen's defaults. */
  docs: string;
  /** The navbar items, as YAML list entries indented by four spaces. */
  navbarItems: readonly string[];
  /** The pages the footer's "문서" column links to. */
  footerDocs: readonly DocPage[];
}): string {
  return `# Synthetic site of docgen's benchmark (packages/bench): ${options.comment}
title: 벤치마크 분석 개발자 문서
tagline: 소스 코드, 운영 산출물, 웹 애플리케이션을 분석하는 API와 SDK
url: https://docs.example.com
baseUrl: /
favicon: img/logo.svg

i18n:
  defaultLocale: ${options.locales[0]}
  locales: [${options.locales.join(', ')}]
  localeConfigs:
${options.locales.map((locale) => LOCALE_CONFIGS[locale]).join('\n')}

${options.docs}blog:
  blogTitle: 블로그
  blogDescription: 제품 소식과 활용 가이드
  postsPerPage: 10

navbar:
  title: 벤치분석
  logo:
    alt: 벤치분석 로고
    src: /img/logo.svg
  hideOnScroll: false
  items:
${options.navbarItems.join('\n')}

footer:
  style: dark
  links:
    - title: 문서
      items:
${options.footerDocs.map((page) => `        - label: ${page.title[0]}\n          to: ${page.route}`).join('\n')}
    - title: 더 보기
      items:
        - label: 블로그
          to: /blog
        - label: 고객센터
          href: https://support.example.com/tickets
        - label: 서비스 상태
          href: https://status.example.com
  copyright: Copyright © 2025 벤치분석 주식회사

colorMode:
  defaultMode: light
  disableSwitch: false
  respectPrefersColorScheme: true

tableOfContents:
  minHeadingLevel: 2
  maxHeadingLevel: 3

code:
  additionalLanguages: [groovy, typescript, java]
`;
}

/** The navbar item of the blog, as a YAML list entry. */
export const BLOG_NAVBAR_ITEM = '    - label: 블로그\n      to: /blog\n      position: left';
