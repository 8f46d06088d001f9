/**
 * Click-to-zoom on the images of a slot of content: an image opens in an overlay dialog, which
 * Escape, a click or its close button closes, giving focus back to the image. Images are made
 * keyboard operable (a tab stop; Enter or Space opens). The overlay's fade follows
 * `prefers-reduced-motion` (styles.css).
 */
export function zoomImages(root: HTMLElement): () => void {
  // The labels are in the page's language, written by the server (renderContent.tsx) on each image.
  const images = [...root.querySelectorAll<HTMLImageElement>('img[data-zoom-label]')].filter((image) => !image.closest('a'));
  for (const image of images) {
    const labels = { open: image.dataset.zoomLabel!, close: image.dataset.zoomClose! };
    image.classList.add('zoomable');
    image.tabIndex = 0;
    image.setAttribute('role', 'button');
    image.setAttribute('aria-label', image.alt ? `${labels.open}: ${image.alt}` : labels.open);
  }
  let close: (() => void) | undefined;
  const open = (image: HTMLImageElement) => {
    close?.();
    const labels = { open: image.dataset.zoomLabel!, close: image.dataset.zoomClose! };
    const overlay = document.createElement('div');
    overlay.className = 'image-zoom';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', image.alt || labels.open);
    const big = document.createElement('img');
    big.src = image.currentSrc || image.src;
    big.alt = image.alt;
    big.className = 'image-zoom__image';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'image-zoom__close';
    button.setAttribute('aria-label', labels.close);
    button.textContent = '×';
    overlay.append(big, button);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close?.();
      } else if (event.key === 'Tab') {
        // The close button is the dialog's one control: focus stays on it.
        event.preventDefault();
        button.focus();
      }
    };
    close = () => {
      overlay.remove();
      document.removeEventListener('keydown', onKey, true);
      document.documentElement.classList.remove('image-zoom-open');
      close = undefined;
      if (image.isConnected) image.focus({ preventScroll: true });
    };
    overlay.addEventListener('click', () => close?.());
    document.addEventListener('keydown', onKey, true);
    document.documentElement.classList.add('image-zoom-open');
    document.body.append(overlay);
    button.focus();
  };
  const onClick = (event: MouseEvent) => {
    const image = (event.target as Element).closest?.('img');
    if (image instanceof HTMLImageElement && images.includes(image)) open(image);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const image = event.target;
    if (!(image instanceof HTMLImageElement) || !images.includes(image) || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    open(image);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  return () => {
    close?.();
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
  };
}
