import { useEffect, useRef } from 'react';
import { usePage } from '@docgen/client';
import { enhanceContent } from './enhanceContent.js';

/**
 * A slot of server-rendered markdown. On hydration its HTML is read back from the DOM, so the
 * page data never carries it twice; after each render its interactive parts are wired.
 */
export function Html({ slot = 'main', className = 'markdown' }: { slot?: string; className?: string }) {
  const { route } = usePage();
  const html = route.html[slot] ?? '';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? enhanceContent(ref.current) : undefined), [html]);
  return <div ref={ref} className={className} data-docgen-slot={slot} dangerouslySetInnerHTML={{ __html: html }} />;
}
