import type { PropDocContext, RouteData } from '@docgen/types';
import { Link, useSiteData, useTranslate } from '../firstLoad.js';
import { findRouteVersion, getInstanceVersions } from './instanceVersions.js';

/** The UI strings of the banners, loaded with them. */
const STRINGS = {
  en: {
    'banner.unreleased': 'This is unreleased documentation for {site} {version}.',
    'banner.unmaintained': 'This is documentation for {site} {version}, which is no longer actively maintained.',
    'banner.latestLink': 'For up-to-date documentation, see the {link} ({latest}).',
    'banner.latestLinkLabel': 'latest version',
    'banner.unlisted': 'This page is unlisted. Search engines will not index it, and only readers with a direct link can reach it.',
    'banner.draft': 'This page is a draft. It is visible in development only and left out of production builds.',
    'banner.fallback': 'This page has not been translated yet, so it is shown in {language}.',
    'banner.fallbackLink': 'Open the original page',
    'banner.outdated': 'This translation may be out of date: the {language} original changed on {date}.',
  },
  ko: {
    'banner.unreleased': '{site} {version} 문서는 아직 출시되지 않은 버전입니다.',
    'banner.unmaintained': '{site} {version} 문서는 더 이상 적극적으로 유지 관리되지 않는 버전입니다.',
    'banner.latestLink': '최신 문서는 {link}({latest})을 확인하세요.',
    'banner.latestLinkLabel': '최신 버전',
    'banner.unlisted': '이 페이지는 목록에 표시되지 않습니다. 검색 엔진에 색인되지 않으며 직접 링크로만 접근할 수 있습니다.',
    'banner.draft': '이 페이지는 초안입니다. 개발 중에만 보이며 배포용 빌드에서는 제외됩니다.',
    'banner.fallback': '이 페이지는 아직 번역되지 않아 {language}로 표시됩니다.',
    'banner.fallbackLink': '원본 페이지 열기',
    'banner.outdated': '이 번역은 최신이 아닐 수 있습니다. {language} 원문이 {date}에 바뀌었습니다.',
  },
};

/**
 * The notes above a doc's content: unlisted, draft, shown from the source of another locale, or a
 * translation older than a change of its source (`i18n.status`).
 */
export function PageBanners({ route }: { route: Extract<RouteData, { type: 'doc' }> }) {
  const t = useTranslate(STRINGS);
  const site = useSiteData();
  const fallbackLocale = route.fallbackFrom && site.locales.find((locale) => locale.locale === route.fallbackFrom!.locale);
  const outdated = route.outdatedFrom;
  const sourceLocale = outdated && site.locales.find((locale) => locale.locale === outdated.locale);
  const htmlLang = site.locales.find((locale) => locale.locale === site.locale)?.htmlLang ?? site.locale;
  return (
    <>
      {route.unlisted ? (
        <div className="alert alert--warning doc-banner" role="note">
          {t('banner.unlisted')}
        </div>
      ) : null}
      {route.draft ? (
        <div className="alert alert--warning doc-banner" role="note">
          {t('banner.draft')}
        </div>
      ) : null}
      {outdated && sourceLocale ? (
        <div className="alert alert--warning doc-banner doc-banner--outdated" role="note">
          {t('banner.outdated', {
            // The source's language as the reader's language names it: "the Korean original", "영어 원문".
            language: new Intl.DisplayNames([htmlLang], { type: 'language' }).of(sourceLocale.htmlLang) ?? sourceLocale.label,
            // Fixed time zone: the date reads the same on the server and in every browser.
            date: new Intl.DateTimeFormat(htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(outdated.date)),
          })}{' '}
          <a href={outdated.path} hrefLang={sourceLocale.htmlLang}>
            {t('banner.fallbackLink')}
          </a>
        </div>
      ) : null}
      {route.fallbackFrom && fallbackLocale ? (
        <div className="alert alert--info doc-banner" role="note" lang={htmlLang}>
          {t('banner.fallback', { language: fallbackLocale.label })}{' '}
          <a href={route.fallbackFrom.path} hrefLang={fallbackLocale.htmlLang}>
            {t('banner.fallbackLink')}
          </a>
        </div>
      ) : null}
    </>
  );
}

/** The banner of a version that is not the latest: unreleased or no longer maintained, with a link to the latest. */
export function VersionBanner({ route }: { route: PropDocContext }) {
  const site = useSiteData();
  const t = useTranslate(STRINGS);
  const version = findRouteVersion(site, route);
  const latest = getInstanceVersions(site, route.docsInstance).find((candidate) => candidate.isLast);
  if (!version || !latest || version.banner === 'none') return null;
  const latestPath = route.versionPaths[latest.name] ?? latest.mainDocPath;
  return (
    <div className="alert alert--warning version-banner" role="note">
      <p>
        {t(version.banner === 'unreleased' ? 'banner.unreleased' : 'banner.unmaintained', { site: site.title, version: version.label })}
      </p>
      <p>
        {t('banner.latestLink', { link: '\u0000', latest: latest.label })
          .split('\u0000')
          .flatMap((part, index) =>
            index === 0
              ? [part]
              : [
                  <b key="link">
                    <Link href={latestPath}>{t('banner.latestLinkLabel')}</Link>
                  </b>,
                  part,
                ],
          )}
      </p>
    </div>
  );
}
