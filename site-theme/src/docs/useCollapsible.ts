import { useCallback, useEffect, useLayoutEffect, useRef, useState, type SetStateAction } from 'react';
import { behaviours } from '../afterHydration.js';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * State of a collapsible region (an element `hidden` while collapsed), whose height animates as it
 * changes (behaviours/collapseAnimation.ts). A change waits for that code, which a page loads
 * right after hydration, so that it animates.
 */
export function useCollapsible(initiallyCollapsed: boolean) {
  const [collapsed, setState] = useState(initiallyCollapsed);
  const ref = useRef<HTMLDivElement>(null);
  const previous = useRef(collapsed);
  const setCollapsed = useCallback((update: SetStateAction<boolean>) => {
    const apply = () => setState(update);
    // Without that code (the reader went offline) the region changes at once.
    behaviours.load().then(apply, apply);
  }, []);

  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element || previous.current === collapsed) return;
    previous.current = collapsed;
    return behaviours.isLoaded() ? behaviours.get().animateCollapse(element, collapsed) : undefined;
  }, [collapsed]);

  return { collapsed, setCollapsed, ref };
}
