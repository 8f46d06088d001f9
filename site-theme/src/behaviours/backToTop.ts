import type { SiteData } from '@docgen/types';
import { translateFrom } from '../firstLoad.js';

/** Its strings load with it (see i18n.ts). */
const STRINGS = { en: { backToTop: 'Back to top' }, ko: { backToTop: '맨 위로' } };

const ARROW =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M12 5.6 4.3 13.3l1.4 1.4L11 9.4V20h2V9.4l5.3 5.3 1.4-1.4z"/></svg>';

/**
 * The back-to-top button: at the end of the page (last in the tab order), shown once the reader
 * has scrolled down more than a screen. It scrolls to the top (at once when the reader asks for
 * reduced motion) and moves focus to the start of the main content, as the skip link does. Made
 * here, after hydration, so that no first-load code pays for it. Returns the function that removes it.
 */
export function addBackToTop(site: Pick<SiteData, 'locale' | 'translations'>, mainId: string): () => void {
  const label = translateFrom(STRINGS, site.locale, site.translations, 'backToTop');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'back-to-top';
  button.hidden = true;
  button.title = label;
  button.setAttribute('aria-label', label);
  button.innerHTML = ARROW;
  button.addEventListener('click', () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    const main = document.getElementById(mainId);
    if (!main) return;
    main.setAttribute('tabindex', '-1');
    main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
    main.focus({ preventScroll: true });
  });
  const onScroll = () => {
    button.hidden = window.scrollY <= window.innerHeight;
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });
  document.body.append(button);
  return () => {
    window.removeEventListener('scroll', onScroll);
    button.remove();
  };
}
