import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from '@docgen/client';
import type { PropSidebarItem } from '@docgen/types';
import { useTranslate } from '../i18n.js';
import { ExternalLinkIcon } from '../layout/ExternalLinkIcon.js';
import { Loader } from '../layout/statusSlots.js';
import { useCollapsible } from './useCollapsible.js';

/** Whether the page at `pathname` is the item or inside it (a category's fallback index counts). */
function containsPath(item: PropSidebarItem, pathname: string): boolean {
  if (item.type === 'link') return item.href === pathname;
  return item.href === pathname || item.indexHref === pathname || item.items.some((child) => containsPath(child, pathname));
}

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, true in every render after: for markup that only works with JavaScript. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export function DocSidebar({ items }: { items: PropSidebarItem[] }) {
  const t = useTranslate();
  return (
    <nav className="doc-sidebar menu" aria-label={t('sidebar.label')}>
      <DocSidebarItems items={items} />
    </nav>
  );
}

export function DocSidebarItems({ items }: { items: PropSidebarItem[] }) {
  return (
    <ul className="menu__list">
      {items.map((item, index) =>
        item.type === 'link' ? <SidebarLink key={index} item={item} /> : <SidebarCategory key={index} item={item} />,
      )}
    </ul>
  );
}

function SidebarLink({ item }: { item: PropSidebarItem & { type: 'link' } }) {
  const { pathname } = useLocation();
  const active = item.href === pathname;
  return (
    <li>
      <Link className={active ? 'menu__link menu__link--active' : 'menu__link'} href={item.href} aria-current={active ? 'page' : undefined}>
        {item.label}
        {item.external ? <ExternalLinkIcon /> : null}
      </Link>
    </li>
  );
}

/**
 * A collapsible category. It starts expanded when it holds the current page or is not collapsed
 * by default (the rule core's getVisibleSidebar follows). Its items, and the region that holds
 * them, are rendered only once it has been open: a page's HTML carries the open path of the
 * sidebar, not the whole sidebar, and a closed category costs it only its label and toggle, so it
 * does not grow with the size of the site. Without JavaScript a closed category is a link to its page,
 * or to its fallback index (`indexHref`) when it has none, and those pages list its items.
 */
function SidebarCategory({ item }: { item: PropSidebarItem & { type: 'category' } }) {
  const t = useTranslate();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const active = containsPath(item, pathname);
  const { collapsed, setCollapsed, ref } = useCollapsible(item.collapsible && item.collapsed && !active);
  const [mounted, setMounted] = useState(!collapsed);
  const listId = useId();
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active, setCollapsed]);
  useEffect(() => {
    if (!collapsed) setMounted(true);
  }, [collapsed]);
  const toggle = () => item.collapsible && setCollapsed((value) => !value);
  const selfActive = item.href === pathname;
  const caretLinkClass = `menu__link menu__link--sublist-caret${active ? ' menu__link--active-parent' : ''}`;
  const list = item.itemsOmitted ? <Loader label={t('loading')} /> : <DocSidebarItems items={item.items} />;
  const hasRegion = mounted || !collapsed;
  const controls = hasRegion ? listId : undefined;
  return (
    <li className={item.className}>
      {item.href ? (
        <>
          <Link
            className={`menu__link${selfActive ? ' menu__link--active' : active ? ' menu__link--active-parent' : ''}`}
            href={item.href}
            aria-current={selfActive ? 'page' : undefined}
            onClick={() => collapsed && setCollapsed(false)}
          >
            {item.label}
          </Link>
          {item.collapsible ? (
            <button
              type="button"
              className="menu__caret"
              aria-label={t('sidebar.toggleCategory', { label: item.label })}
              aria-expanded={!collapsed}
              aria-controls={controls}
              onClick={toggle}
            />
          ) : null}
        </>
      ) : item.indexHref && !hydrated ? (
        <a
          className={caretLinkClass}
          href={item.indexHref}
          aria-current={item.indexHref === pathname ? 'page' : undefined}
          aria-expanded={!collapsed}
        >
          {item.label}
        </a>
      ) : (
        <button type="button" className={caretLinkClass} aria-expanded={!collapsed} aria-controls={controls} onClick={toggle}>
          {item.label}
        </button>
      )}
      {hasRegion ? (
        <div ref={ref} id={listId} className="menu__collapsible" hidden={collapsed}>
          {list}
        </div>
      ) : null}
    </li>
  );
}
