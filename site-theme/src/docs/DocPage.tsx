import { useEffect, useState } from 'react';
import { Link, useSidebar, useSiteData } from '@docgen/client';
import type { PropDocContext, PropNavLink, RouteData } from '@docgen/types';
import { behaviours } from '../afterHydration.js';
import { Html } from '../content/Html.js';
import { DocTagsSlot, PageSourceSlot } from '../content/PageSourceSlot.js';
import { PageTitle } from '../content/PageTitle.js';
import { useTranslate } from '../i18n.js';
import { MAIN_ID } from '../layout/Layout.js';
import { Loader } from '../layout/statusSlots.js';
import { docBanners, hasPageBanners, hasVersionBanner } from './routeBanners.js';
import { DocSidebar } from './DocSidebar.js';
import { TableOfContents } from './TableOfContents.js';
import { findRouteVersion, getInstanceVersions } from './instanceVersions.js';

type DocRoute = Extract<RouteData, { type: 'doc' }>;

/** The frame of every docs page: sidebar, banners, breadcrumbs, the article, pagination, TOC. */
export function DocFrame({
  route,
  children,
  toc,
}: {
  route: RouteData & PropDocContext;
  children: React.ReactNode;
  toc?: React.ReactNode;
}) {
  const { sidebar, loading } = useSidebar();
  const site = useSiteData();
  const t = useTranslate();
  // Loaded with the route when it shows one (see routeBanners.ts).
  const { VersionBanner } = hasVersionBanner(route, site) ? docBanners.get() : {};
  return (
    <div className="docs-wrapper">
      {sidebar || loading ? (
        <aside className="docs-sidebar-container">{sidebar ? <DocSidebar items={sidebar} /> : <Loader label={t('loading')} />}</aside>
      ) : null}
      <main id={MAIN_ID} className="docs-main">
        <div className="docs-container">
          <div className="docs-content">
            {VersionBanner ? <VersionBanner route={route} /> : null}
            {children}
            <Paginator previous={route.previous} next={route.next} />
          </div>
          {toc ? <div className="docs-toc">{toc}</div> : null}
        </div>
      </main>
    </div>
  );
}

export function DocPage({ route }: { route: DocRoute }) {
  const site = useSiteData();
  const fallbackLocale = route.fallbackFrom && site.locales.find((locale) => locale.locale === route.fallbackFrom!.locale);
  const contentLang = route.fallbackFrom ? fallbackLocale?.htmlLang : undefined;
  // Loaded with the route when it shows some (see routeBanners.ts).
  const { PageBanners } = hasPageBanners(route) ? docBanners.get() : {};
  return (
    <DocFrame route={route} toc={route.hideTableOfContents ? undefined : <TableOfContents items={route.toc} />}>
      <article>
        {route.breadcrumbs.length > 0 ? <Breadcrumbs items={route.breadcrumbs} /> : null}
        <VersionBadge route={route} />
        {PageBanners ? <PageBanners route={route} /> : null}
        <header>
          {/* hide_title hides the title the page is given, never a # heading written in its text (as Docusaurus). */}
          {route.hideTitle && route.html.title === undefined ? null : <PageTitle route={route} lang={contentLang} />}
          {route.markdownPath ? <CopyMarkdownButton href={route.markdownPath} /> : null}
        </header>
        {route.hideTableOfContents ? null : <TableOfContents items={route.toc} variant="mobile" />}
        <div lang={contentLang}>
          <Html />
        </div>
        {route.tags ? <DocTagsSlot tags={route.tags} /> : null}
        <PageSourceSlot source={route} />
      </article>
    </DocFrame>
  );
}

/** Copies the page's markdown twin to the clipboard (for pasting into an AI assistant; see behaviours/copyMarkdown.ts). */
function CopyMarkdownButton({ href }: { href: string }) {
  const t = useTranslate();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => setState('idle'), [href]);
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = () => {
    // At once when loaded: Safari writes to the clipboard only in the click's own task.
    // Without that code (the reader went offline) the button says the copy failed.
    const copied = behaviours.isLoaded()
      ? behaviours.get().copyMarkdown(href)
      : behaviours.load().then(
          (code) => code.copyMarkdown(href),
          () => false,
        );
    void copied.then((ok) => setState(ok ? 'copied' : 'failed'));
  };
  const label = state === 'copied' ? t('copyMarkdown.copied') : state === 'failed' ? t('copyMarkdown.failed') : t('copyMarkdown.button');
  return (
    <div className="doc-actions">
      <button type="button" className={`button copy-markdown${state === 'copied' ? ' copy-markdown--copied' : ''}`} onClick={copy}>
        {/* Drawn by the stylesheet: a copy icon, a check mark once copied. */}
        <span className="copy-markdown__icon" aria-hidden="true" />
        <span>{label}</span>
      </button>
      {/* A live region, not role="status": that role marks the loading spinner (Loader in layout/StatusScreens.tsx). */}
      <span className="sr-only" aria-live="polite">
        {state === 'idle' ? '' : label}
      </span>
    </div>
  );
}

/** "Version: 2.0" above a doc-like page, where its docs instance has several versions. */
export function VersionBadge({ route }: { route: Pick<PropDocContext, 'docsInstance' | 'versionName'> }) {
  const site = useSiteData();
  const t = useTranslate();
  const version = findRouteVersion(site, route);
  if (!version || getInstanceVersions(site, route.docsInstance).length < 2) return null;
  return <span className="badge version-badge">{t('version.badge', { version: version.label })}</span>;
}

export function Breadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  const site = useSiteData();
  const t = useTranslate();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {site.hasHomePage ? (
          <li className="breadcrumbs__item">
            <Link className="breadcrumbs__link" href={site.baseUrl} aria-label={t('breadcrumbs.home')}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z"
                />
              </svg>
            </Link>
          </li>
        ) : null}
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={index}
              className={`breadcrumbs__item${last ? ' breadcrumbs__item--active' : ''}`}
              aria-current={last ? 'page' : undefined}
            >
              {item.href && !last ? (
                <Link className="breadcrumbs__link" href={item.href}>
                  {item.label}
                </Link>
              ) : (
                <span className="breadcrumbs__link">{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function Paginator({ previous, next, label }: { previous?: PropNavLink; next?: PropNavLink; label?: string }) {
  const t = useTranslate();
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label ?? t('paginator.label')}>
      {previous ? (
        <Link className="pagination-nav__link pagination-nav__link--prev" href={previous.path}>
          <div className="pagination-nav__sublabel">{t('paginator.previous')}</div>
          <div className="pagination-nav__label">{previous.title}</div>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="pagination-nav__link pagination-nav__link--next" href={next.path}>
          <div className="pagination-nav__sublabel">{t('paginator.next')}</div>
          <div className="pagination-nav__label">{next.title}</div>
        </Link>
      ) : null}
    </nav>
  );
}
