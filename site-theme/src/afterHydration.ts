import { useEffect, type DependencyList } from 'react';
import { lazyModule } from './lazyModule.js';

/** The page's behaviours (behaviours/index.ts), in a chunk the first effect that needs it loads. */
export const behaviours = lazyModule('page behaviours', () => import('./behaviours/index.js'));

export type Behaviours = Awaited<ReturnType<typeof behaviours.load>>;

/**
 * An effect that needs the page's behaviours: `effect` runs once they are loaded (at once when
 * they are); what it returns runs when the dependencies change or the component unmounts.
 */
export function useBehaviourEffect(effect: (code: Behaviours) => (() => void) | undefined, deps: DependencyList): void {
  useEffect(() => {
    let cleanup: (() => void) | undefined;
    let live = true;
    behaviours.whenLoaded((code) => {
      if (live) cleanup = effect(code);
    });
    return () => {
      live = false;
      cleanup?.();
    };
  }, deps);
}
