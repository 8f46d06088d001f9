import { getTabGroupStorageKey } from '../firstLoad.js';
import { drawDiagrams } from './diagrams.js';
import { zoomImages } from './imageZoom.js';

const TAB_SYNC_EVENT = 'docgen:tab-group';

function selectTab(container: Element, value: string, focus = false): boolean {
  const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
  const chosen = tabs.find((tab) => tab.dataset.value === value);
  if (!chosen) return false;
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    tab.classList.toggle('tabs__item--active', selected);
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) {
    panel.hidden = panel.dataset.value !== value;
  }
  if (focus) chosen.focus();
  return true;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Wires the interactive parts of server-rendered markdown: copy buttons and tabs (a tab choice
 * with a `groupId` is shared by every tab group on the page and remembered in localStorage),
 * click-to-zoom on images (imageZoom.ts) and mermaid diagrams (diagrams.ts, which loads mermaid
 * only when there is one). The page's own stylesheets (`stylesheets` of its data: KaTeX's on a page
 * with math) are in the HTML the server wrote; a page shown by client navigation gets them here.
 * They stay once loaded: they style only that content. Returns a cleanup function.
 */
export function enhanceContent(root: HTMLElement, stylesheets: readonly string[] = []): () => void {
  const unmountIslands = hydrateIslands(root);
  for (const href of stylesheets) {
    const present = [...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === href);
    if (!present) document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
  }
  const stopZoom = zoomImages(root);
  const stopDrawing = drawDiagrams(root);
  for (const container of root.querySelectorAll<HTMLElement>('.tabs-container[data-group-id]')) {
    const stored = readStorage(getTabGroupStorageKey(container.dataset.groupId!));
    if (stored) selectTab(container, stored);
  }
  // A tab named in the URL (`?os=mac`, for tabs with a queryString) wins over the remembered one.
  for (const container of root.querySelectorAll<HTMLElement>('.tabs-container[data-query-string]')) {
    const value = new URLSearchParams(window.location.search).get(container.dataset.queryString!);
    if (value) selectTab(container, value);
  }
  const choose = (container: HTMLElement, value: string, focus: boolean) => {
    if (!selectTab(container, value, focus)) return;
    const queryString = container.dataset.queryString;
    if (queryString) {
      const url = new URL(window.location.href);
      url.searchParams.set(queryString, value);
      window.history.replaceState(window.history.state, '', url);
    }
    const groupId = container.dataset.groupId;
    if (!groupId) return;
    try {
      window.localStorage.setItem(getTabGroupStorageKey(groupId), value);
    } catch {
      // Storage may be unavailable (private mode); the choice still applies to this page.
    }
    window.dispatchEvent(new CustomEvent(TAB_SYNC_EVENT, { detail: { groupId, value } }));
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const tab = target.closest<HTMLElement>('[role="tab"]');
    if (tab && root.contains(tab)) {
      choose(tab.closest<HTMLElement>('.tabs-container')!, tab.dataset.value!, false);
      return;
    }
    const button = target.closest<HTMLButtonElement>('.copy-button');
    if (button && root.contains(button)) {
      const code = button.parentElement?.querySelector('code')?.textContent ?? '';
      void navigator.clipboard?.writeText(code.replace(/\n$/, '')).then(() => {
        button.classList.add('copy-button--copied');
        button.setAttribute('aria-label', button.dataset.copiedLabel ?? 'Copied');
        window.setTimeout(() => {
          button.classList.remove('copy-button--copied');
          button.setAttribute('aria-label', button.title);
        }, 2000);
      });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = (event.target as Element).closest?.<HTMLElement>('[role="tab"]');
    if (!tab || !root.contains(tab)) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = tabs.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    choose(tab.closest<HTMLElement>('.tabs-container')!, target.dataset.value!, true);
  };
  const onSync = (event: Event) => {
    const { groupId, value } = (event as CustomEvent<{ groupId: string; value: string }>).detail;
    for (const container of root.querySelectorAll<HTMLElement>(`.tabs-container[data-group-id="${CSS.escape(groupId)}"]`)) {
      selectTab(container, value);
    }
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  window.addEventListener(TAB_SYNC_EVENT, onSync);
  return () => {
    stopZoom();
    stopDrawing();
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    window.removeEventListener(TAB_SYNC_EVENT, onSync);
    unmountIslands();
  };
}

/** What a site component's browser entry exports (written by docgen's island bundle). */
interface IslandModule {
  hydrate(element: Element): () => void;
}

/**
 * Hydrates the site components of an MDX page (islands), each with the code at its `data-src`:
 * a page loads only the components it shows, and each component's code once, whichever pages show
 * it. Returns what unmounts them.
 */
function hydrateIslands(root: HTMLElement): () => void {
  const unmounts: (() => void)[] = [];
  let live = true;
  for (const island of root.querySelectorAll<HTMLElement>('docgen-island[data-src]')) {
    import(/* @vite-ignore */ island.dataset.src!).then(
      (module: IslandModule) => {
        if (live) unmounts.push(module.hydrate(island));
      },
      (error: unknown) => console.warn(`docgen: loading the component ${island.dataset.component} failed`, error),
    );
  }
  return () => {
    live = false;
    for (const unmount of unmounts) unmount();
  };
}
