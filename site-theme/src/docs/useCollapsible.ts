import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Duration of a height animation: longer for taller content, as in Material Design. */
export function getAutoHeightDuration(height: number): number {
  if (height <= 0) return 0;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * State and animation of a collapsible region (an element `hidden` while collapsed): its height eases
 * in and out over a duration that grows with the content, and changes at once when the reader
 * prefers reduced motion. While it animates the element carries `data-animating`, which keeps it
 * displayed until the end.
 */
export function useCollapsible(initiallyCollapsed: boolean) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const ref = useRef<HTMLDivElement>(null);
  const previous = useRef(collapsed);

  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element || previous.current === collapsed) return;
    previous.current = collapsed;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.dataset.animating = 'true';
    const full = element.scrollHeight;
    const duration = getAutoHeightDuration(full);
    element.style.overflow = 'hidden';
    element.style.height = `${collapsed ? full : 0}px`;
    void element.offsetHeight;
    element.style.transition = `height ${duration}ms ease-in-out`;
    element.style.height = `${collapsed ? 0 : full}px`;
    const done = window.setTimeout(() => {
      element.style.transition = '';
      element.style.height = '';
      element.style.overflow = '';
      delete element.dataset.animating;
    }, duration);
    return () => {
      window.clearTimeout(done);
      element.style.transition = '';
      element.style.height = '';
      element.style.overflow = '';
      delete element.dataset.animating;
    };
  }, [collapsed]);

  return { collapsed, setCollapsed, ref };
}
