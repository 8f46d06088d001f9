import { useRef, useState } from 'react';
import { ColorModeToggle, DocSidebarItems, Link, NavbarItem, useSidebar, useSiteData, useTranslate } from '../firstLoad.js';
import { useFocusTrap } from '../layout/useFocusTrap.js';

/** The mobile menu: navbar items, and on doc pages a secondary menu with the doc sidebar. */
export default function MobileMenu({ onClose }: { onClose: () => void }) {
  const site = useSiteData();
  const t = useTranslate();
  const { sidebar } = useSidebar();
  const [secondary, setSecondary] = useState(sidebar !== undefined);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef);
  return (
    <div className="navbar-sidebar" role="dialog" aria-modal="true" aria-label={t('navbar.toggle')} ref={panelRef}>
      <div className="navbar-sidebar__backdrop" onClick={onClose} />
      <div className="navbar-sidebar__panel">
        <div className="navbar-sidebar__brand">
          {site.navbar.title ? (
            <Link className="navbar__brand" href={site.baseUrl}>
              <b className="navbar__title">{site.navbar.title}</b>
            </Link>
          ) : null}
          <ColorModeToggle />
          <button type="button" className="navbar-sidebar__close" aria-label={t('announcement.close')} onClick={onClose}>
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
