import { useEffect, useRef } from 'react';
import { usePage } from '@docgen/client';
import { lazyModule } from '../lazyModule.js';

/** What enhanceContent wires (site components of MDX pages, images zoomed, diagrams drawn, math given its stylesheet); a slot without any needs no code. */
const INTERACTIVE = '.tabs-container, .copy-button, docgen-island[data-src], img, .diagram, .katex';

/** The wiring of interactive content, loaded after hydration: the page shows and hydrates without it. */
const contentEnhancer = lazyModule('interactive content', () => import('./enhanceContent.js'));

/**
 * A slot of server-rendered markdown. On hydration its HTML is read back from the DOM, so the
 * page data never carries it twice; after each render its interactive parts are wired.
 */
export function Html({ slot = 'main', className = 'markdown', lang }: { slot?: string; className?: string; lang?: string }) {
  const { route } = usePage();
  const html = route.html[slot] ?? '';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element?.querySelector(INTERACTIVE)) return;
    let cleanup: (() => void) | undefined;
    let live = true;
    contentEnhancer.whenLoaded(({ enhanceContent }) => {
      if (live) cleanup = enhanceContent(element, route.stylesheets);
    });
    return () => {
      live = false;
      cleanup?.();
    };
  }, [html]);
  return <div ref={ref} className={className} lang={lang} data-docgen-slot={slot} dangerouslySetInnerHTML={{ __html: html }} />;
}
