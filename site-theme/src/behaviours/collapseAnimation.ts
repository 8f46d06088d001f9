/** Duration of a height animation: longer for taller content, as in Material Design. */
export function getAutoHeightDuration(height: number): number {
  if (height <= 0) return 0;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/**
 * Animates the height of a collapsible region that was just `collapsed` (or expanded): it eases
 * in and out over a duration that grows with the content, and changes at once when the reader
 * prefers reduced motion. While it animates the element carries `data-animating`, which keeps it
 * displayed until the end. Returns the function that ends the animation early.
 */
export function animateCollapse(element: HTMLElement, collapsed: boolean): (() => void) | undefined {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
  element.dataset.animating = 'true';
  const full = element.scrollHeight;
  const duration = getAutoHeightDuration(full);
  element.style.overflow = 'hidden';
  element.style.height = `${collapsed ? full : 0}px`;
  void element.offsetHeight;
  element.style.transition = `height ${duration}ms ease-in-out`;
  element.style.height = `${collapsed ? 0 : full}px`;
  const end = () => {
    element.style.transition = '';
    element.style.height = '';
    element.style.overflow = '';
    delete element.dataset.animating;
  };
  const done = window.setTimeout(end, duration);
  return () => {
    window.clearTimeout(done);
    end();
  };
}
