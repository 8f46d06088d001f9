/** How far down the page the navbar may hide, in CSS pixels. */
const TOP = 60;

/**
 * Tells `onChange` whether the navbar should hide as the page scrolls: while scrolling down past
 * the top, not when scrolling up. Returns the function that stops it.
 */
export function hideOnScrollDown(onChange: (hidden: boolean) => void): () => void {
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    onChange(y > last && y > TOP);
    last = y;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}
