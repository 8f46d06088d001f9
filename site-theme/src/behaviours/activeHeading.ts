import type { TocItem } from '@docgen/types';

/** How far below the top of the viewport a heading counts as reached, in CSS pixels. */
const OFFSET = 100;

/**
 * Tells `onChange` the id of the heading the reader is at, now and as the page scrolls or
 * resizes: the last of `items` above the upper part of the viewport (the first before any is,
 * the last at the bottom of the page). Returns the function that stops it.
 */
export function trackActiveHeading(items: TocItem[], onChange: (id: string | null) => void): () => void {
  let frame = 0;
  const update = () => {
    frame = 0;
    let current: string | null = null;
    for (const item of items) {
      const element = document.getElementById(item.id);
      if (element && element.getBoundingClientRect().top <= OFFSET) current = item.id;
    }
    if (current === null && items[0]) current = items[0].id;
    const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    if (atBottom) current = items[items.length - 1]!.id;
    onChange(current);
  };
  const onScroll = () => {
    if (!frame) frame = window.requestAnimationFrame(update);
  };
  update();
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll);
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onScroll);
    if (frame) window.cancelAnimationFrame(frame);
  };
}
