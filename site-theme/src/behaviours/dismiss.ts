/**
 * Closes an open popup (a navbar dropdown): `onDismiss` runs on a mousedown or touch outside
 * `container` and when focus leaves it, and on Escape, after which `onEscape` runs too (to give
 * focus back to what opened it). Returns the function that stops listening.
 */
export function dismissOnOutside(container: HTMLElement, onDismiss: () => void, onEscape: () => void): () => void {
  const onOutside = (event: Event) => {
    if (!container.contains(event.target as Node)) onDismiss();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      onDismiss();
      onEscape();
    }
  };
  document.addEventListener('mousedown', onOutside);
  document.addEventListener('touchstart', onOutside);
  document.addEventListener('focusin', onOutside);
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('mousedown', onOutside);
    document.removeEventListener('touchstart', onOutside);
    document.removeEventListener('focusin', onOutside);
    document.removeEventListener('keydown', onKey);
  };
}
