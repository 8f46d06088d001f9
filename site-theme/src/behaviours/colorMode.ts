import { COLOR_MODE_STORAGE_KEY } from '../firstLoad.js';
import type { ColorModeChoice } from '../navbar/ColorModeToggle.js';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Applies the reader's choice to the page (`<html data-theme data-theme-choice>`, as the head
 * script does before first paint) and stores it under `theme`; returns the mode it resolves to.
 */
export function applyColorMode(choice: ColorModeChoice): 'light' | 'dark' {
  const resolved = choice === 'system' ? (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light') : choice;
  const root = document.documentElement;
  root.setAttribute('data-theme', resolved);
  root.setAttribute('data-theme-choice', choice);
  try {
    if (choice === 'system') window.localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    else window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, choice);
  } catch {
    // The choice applies to this page view only.
  }
  return resolved;
}

/** Applies the system's mode to the page whenever it changes, telling `onChange`; returns the function that stops it. */
export function followSystemColorMode(onChange: (mode: 'light' | 'dark') => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  const apply = () => {
    const mode = query.matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-theme', mode);
    onChange(mode);
  };
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
