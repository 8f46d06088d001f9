import { useEffect, useRef, useState } from 'react';
import { ColorModeToggle, DocSidebarItems, Link, NavbarItem, useSidebar, useSiteData, useTranslate } from '../firstLoad.js';
import { useFocusTrap } from '../layout/useFocusTrap.js';

/** The UI strings of the menu, loaded with it (it also shows some of i18n.ts). */
const STRINGS = {
  en: { 'navbar.mainMenu': '← Back to main menu' },
  ko: { 'navbar.mainMenu': '← 메인 메뉴로 돌아가기' },
};

const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * The mobile menu: navbar items, and on doc pages a secondary menu with the doc sidebar. While it
 * is open the page behind does not scroll; it closes on Escape, on its close button and backdrop
 * (`close(true)`: focus goes back to the menu button) and when the viewport becomes desktop-wide.
 */
export default function MobileMenu({ close }: { close: (returnFocus: boolean) => void }) {
  const site = useSiteData();
  const t = useTranslate(STRINGS);
  const { sidebar } = useSidebar();
  const [secondary, setSecondary] = useState(sidebar !== undefined);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef);
  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && close(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    desktop.addEventListener('change', onChange);
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      desktop.removeEventListener('change', onChange);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [close]);
  return (
    <div className="navbar-sidebar" role="dialog" aria-modal="true" aria-label={t('navbar.toggle')} ref={panelRef}>
      <div className="navbar-sidebar__backdrop" onClick={() => close(true)} />
      <div className="navbar-sidebar__panel">
        <div className="navbar-sidebar__brand">
          {site.navbar.title ? (
            <Link className="navbar__brand" href={site.baseUrl}>
              <b className="navbar__title">{site.navbar.title}</b>
            </Link>
          ) : null}
          <ColorModeToggle />
          <button type="button" className="navbar-sidebar__close" aria-label={t('announcement.close')} onClick={() => close(true)}>
            ×
          </button>
        </div>
        {secondary && sidebar ? (
          <div className="navbar-sidebar__secondary">
            <button type="button" className="navbar-sidebar__back" onClick={() => setSecondary(false)}>
              {t('navbar.mainMenu')}
            </button>
            <DocSidebarItems items={sidebar} />
          </div>
        ) : (
          <ul className="menu__list navbar-sidebar__primary">
            {site.navbar.items.map((item, index) => (
              <li className="menu__list-item" key={index}>
                <NavbarItem item={item} mobile />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
