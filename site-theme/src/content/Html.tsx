import { useEffect, useRef } from 'react';
import { usePage } from '@docgen/client';
import { useTranslate } from '../i18n.js';
import { lazyModule } from '../lazyModule.js';

/** What enhanceContent wires; a slot without any needs no code. */
const INTERACTIVE = '.tabs-container, .copy-button';

/** The wiring of interactive content, loaded after hydration: the page shows and hydrates without it. */
const contentEnhancer = lazyModule('interactive content', () => import('./enhanceContent.js'));
/** Click-to-zoom on images, loaded by slots that have some. */
const imageZoom = lazyModule('image zoom', () => import('./imageZoom.js'));
/** Drawing mermaid diagrams (mermaid itself is imported by it when a slot has a diagram). */
const diagrams = lazyModule('diagrams', () => import('./diagrams.js'));

/**
 * Runs `wire` on the slot's element once `module` is loaded, when the element has something
 * `selector` matches; its cleanup runs when the content changes or the slot goes.
 */
function useContentCode<T>(
  ref: { current: HTMLElement | null },
  selector: string,
  module: { load(): Promise<T> },
  wire: (code: T, element: HTMLElement) => () => void,
  html: string,
) {
  useEffect(() => {
    const element = ref.current;
    if (!element?.querySelector(selector)) return;
    let cleanup: (() => void) | undefined;
    let live = true;
    module.load().then(
      (code) => {
        if (live) cleanup = wire(code, element);
      },
      (error: unknown) => console.warn('docgen: loading the code of interactive content failed', error),
    );
    return () => {
      live = false;
      cleanup?.();
    };
  }, [html]);
}

/**
 * A slot of server-rendered markdown. On hydration its HTML is read back from the DOM, so the
 * page data never carries it twice; after each render its interactive parts are wired.
 */
export function Html({ slot = 'main', className = 'markdown', lang }: { slot?: string; className?: string; lang?: string }) {
  const { route } = usePage();
  const t = useTranslate();
  const html = route.html[slot] ?? '';
  const ref = useRef<HTMLDivElement>(null);
  useContentCode(ref, INTERACTIVE, contentEnhancer, (code, element) => code.enhanceContent(element), html);
  const labels = { open: t('imageZoom.open'), close: t('imageZoom.close') };
  useContentCode(ref, 'img', imageZoom, (code, element) => code.zoomImages(element, labels), html);
  useContentCode(ref, '.diagram[data-diagram="mermaid"]', diagrams, (code, element) => code.drawDiagrams(element), html);
  return <div ref={ref} className={className} lang={lang} data-docgen-slot={slot} dangerouslySetInnerHTML={{ __html: html }} />;
}
