import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * Makes `container` a modal place for the keyboard while it is mounted: focus moves into it (to
 * `initial`, else its first focusable element), Tab and Shift+Tab cycle inside it, and when it
 * goes, focus returns to where it was before (the control that opened it) unless something else
 * has taken it.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null);
    (initial?.current ?? focusables()[0])?.focus();
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
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Unless something else took focus meanwhile (a navigation focuses the new page's heading).
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body || element.contains(active))) opener.focus();
    };
  }, [container, initial]);
}
