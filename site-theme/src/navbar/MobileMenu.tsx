import { useEffect, useRef, useState, type RefObject } from 'react';
import { ColorModeToggle, DocSidebarItems, Link, NavbarItem, useSidebar, useSiteData, useTranslate } from '../firstLoad.js';

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
          <Link className="navbar__brand" href={site.baseUrl}>
            {site.navbar.title ? <b className="navbar__title">{site.navbar.title}</b> : null}
          </Link>
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

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Keeps keyboard focus inside `container` while it is mounted. */
function useFocusTrap(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const focusables = () => [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null);
    focusables()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const nodes = focusables();
      if (nodes.length === 0) return;
      const first = nodes[0]!;
      const last = nodes[nodes.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !element.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !element.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container]);
}
