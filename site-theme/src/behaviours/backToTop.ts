/**
 * Tells `onChange` whether the page is scrolled down more than a screen, which is when the
 * back-to-top button shows. Returns the function that stops it.
 */
export function watchScrolledDown(onChange: (down: boolean) => void): () => void {
  const onScroll = () => onChange(window.scrollY > window.innerHeight);
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/** Scrolls to the top (at once when the reader asks for reduced motion) and moves focus to the start of the main content. */
export function scrollToTop(mainId: string): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  const main = document.getElementById(mainId);
  if (!main) return;
  // As the skip link does: focusable by script only, until it loses focus.
  main.setAttribute('tabindex', '-1');
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus({ preventScroll: true });
}
