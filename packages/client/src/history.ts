/** The state docgen's router keeps in each history entry it writes. */
export interface HistoryState {
  /** Identifies the history entry (6 characters, as React Router's location keys). */
  docgenKey?: string;
}

/** A new key of a history entry. */
export const createHistoryKey = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0');

const SCROLL_STORAGE_KEY = 'docgen.scroll-positions';

/** Scroll positions by history entry key, kept across reloads of the tab in sessionStorage. */
export const scrollPositions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]') as [string, number][];
    } catch {
      return [];
    }
  })(),
);

/** Keeps the latest scroll positions in sessionStorage, for a reload of the tab. */
export function saveScrollPositions(): void {
  try {
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...scrollPositions].slice(-100)));
  } catch {
    // Without sessionStorage positions survive only within this page load.
  }
}

/** Scrolls to the element whose id is `id` (decoded, so Korean ids work). */
export function scrollToHash(id: string): void {
  const element = document.getElementById(id);
  if (element) element.scrollIntoView();
}
