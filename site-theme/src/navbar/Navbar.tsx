import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, usePage, useSiteData } from '@docgen/client';
import type { PropNavbarItem } from '@docgen/types';
import { behaviours, useBehaviourEffect } from '../afterHydration.js';
import { useTranslate } from '../i18n.js';
import { ExternalLinkIcon } from '../layout/ExternalLinkIcon.js';
import { lazyComponent } from '../lazyModule.js';
import { SearchButton } from '../search/SearchButton.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { Dropdown } from './Dropdown.js';
import { useActiveVersions } from './useActiveVersion.js';
import { getInstanceVersions } from '../docs/instanceVersions.js';

/** The mobile menu loads when the reader presses or focuses its button, not with the page. */
const mobileMenu = lazyComponent('mobile menu', () => import('./MobileMenu.js'));

export function Navbar() {
  const site = useSiteData();
  const t = useTranslate();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const left = site.navbar.items.filter((item) => item.position === 'left');
  const right = site.navbar.items.filter((item) => item.position !== 'left');

  useEffect(() => setMobileOpen(false), [pathname]);
  /** Closes the mobile menu; closed by the reader (Escape, close button, backdrop), focus goes back to the menu button. */
  const closeMobile = useCallback((returnFocus: boolean) => {
    setMobileOpen(false);
    if (returnFocus) window.setTimeout(() => toggleRef.current?.focus(), 0);
  }, []);
  // What follows the page as it scrolls: the navbar hiding (when configured) and the back-to-top button.
  useBehaviourEffect((code) => code.followScroll(site, setHidden), [site]);

  return (
    <nav className={`navbar${hidden ? ' navbar--hidden' : ''}${mobileOpen ? ' navbar-sidebar--show' : ''}`} aria-label="Main">
      <div className="navbar__inner">
        <div className="navbar__items">
          <button
            ref={toggleRef}
            type="button"
            className="navbar__toggle"
            aria-label={t('navbar.toggle')}
            aria-expanded={mobileOpen}
            onPointerDown={mobileMenu.preload}
            onFocus={mobileMenu.preload}
            onClick={() => mobileMenu.open(() => setMobileOpen(true))}
          >
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          {site.navbar.logo || site.navbar.title ? (
            <Link className="navbar__brand" href={site.baseUrl}>
              {site.navbar.logo ? (
                <img className="navbar__logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width={32} height={32} />
              ) : null}
              {site.navbar.title ? <b className="navbar__title">{site.navbar.title}</b> : null}
            </Link>
          ) : null}
          {left.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
          <SearchButton />
          <ColorModeToggle />
        </div>
      </div>
      {mobileOpen ? <mobileMenu.Component close={closeMobile} /> : null}
    </nav>
  );
}

export function NavbarItem({ item, mobile = false }: { item: PropNavbarItem; mobile?: boolean }) {
  const site = useSiteData();
  const t = useTranslate();
  const { route } = usePage();
  const { pathname } = useLocation();
  const versionOf = useActiveVersions();
  const version = versionOf((item as { docsInstance?: string }).docsInstance);
  const className = mobile ? 'menu__link' : 'navbar__item navbar__link';
  const inSidebar = (id?: string) => id !== undefined && 'sidebar' in route && route.sidebar?.id === id;
  // The link of a link, doc or sidebar item, marked as the reader's where Docusaurus marks it.
  const link = (href: string, active: boolean, icon?: ReactNode) => (
    <Link className={className + (active ? ' navbar__link--active' : '')} href={href} aria-current={active ? 'page' : undefined}>
      {(item as { label: string }).label}
      {icon}
    </Link>
  );
  switch (item.type) {
    case 'link':
      // On its page and the pages under it (`/blog` on a post), but the home page only on itself.
      return link(
        item.href,
        item.href === site.baseUrl ? pathname === item.href : `${pathname}/`.startsWith(item.href.replace(/\/?$/, '/')),
        item.external && <ExternalLinkIcon />,
      );
    case 'doc': {
      const href = version?.navbarDocPaths[item.docId] ?? site.baseUrl;
      // On the doc and on every page of its sidebar.
      return link(href, pathname === href || inSidebar(version?.navbarDocSidebars[item.docId]));
    }
    case 'docSidebar':
      return link(version?.sidebarPaths[item.sidebarId] ?? site.baseUrl, inSidebar(item.sidebarId));
    case 'dropdown': {
      // A doc or a sidebar in a dropdown leads to its page in the version the reader is in, of its instance.
      const items = item.items.map((child) => {
        if (!('type' in child)) return child;
        const active = versionOf(child.docsInstance);
        const href = (child.type === 'doc' ? active?.navbarDocPaths[child.docId] : active?.sidebarPaths[child.sidebarId]) ?? site.baseUrl;
        return { label: child.label, href, active: pathname === href };
      });
      return <Dropdown label={item.label} position={item.position} items={items} />;
    }
    case 'docsVersionDropdown': {
      // The same page in another version where the reader is in a doc of this instance, else its main doc.
      const versionPaths = 'versionPaths' in route && route.docsInstance === item.docsInstance ? route.versionPaths : {};
      const versions = getInstanceVersions(site, item.docsInstance);
      const items = item.versions
        .map((name) => versions.find((candidate) => candidate.name === name))
        .filter((candidate) => candidate !== undefined)
        .map((candidate) => ({
          label: candidate.label,
          href: versionPaths[candidate.name] ?? candidate.mainDocPath,
          active: candidate.name === version?.name,
          onSelect: () => behaviours.whenLoaded((code) => code.storePreferredVersion(item.docsInstance, candidate.name)),
        }));
      return <Dropdown label={version?.label ?? t('versions')} position={item.position} items={items} />;
    }
    case 'html':
      // HTML of the config, sanitised by the build as raw HTML in a page is.
      return (
        <div
          className={(mobile ? 'menu__list-item' : 'navbar__item') + (item.className ? ` ${item.className}` : '')}
          dangerouslySetInnerHTML={{ __html: item.html }}
        />
      );
    case 'localeDropdown': {
      const current = site.locales.find((locale) => locale.locale === site.locale)!;
      const items = site.locales.map((locale) => ({
        label: locale.label,
        lang: locale.htmlLang,
        href: route.alternates.find((alternate) => alternate.locale === locale.locale)?.path ?? locale.baseUrl,
        active: locale.locale === site.locale,
      }));
      const icon = (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="locale-icon">
          <path
            fill="currentColor"
            d="M12.87 15.07l-2.54-2.51.03-.03A17.52 17.52 0 0014.07 6H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11.76-2.04zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2l-4.5-12zm-2.62 7l1.62-4.33L19.12 17h-3.24z"
          />
        </svg>
      );
      return <Dropdown label={current.label} position={item.position} items={items} icon={icon} />;
    }
  }
}
