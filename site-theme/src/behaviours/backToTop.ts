import type { SiteData } from '@docgen/types';
import { MAIN_ID, translateFrom } from '../firstLoad.js';
import { hideOnScrollDown } from './hideOnScroll.js';

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
function addBackToTop(site: Pick<SiteData, 'locale' | 'translations'>): () => void {
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
    const main = document.getElementById(MAIN_ID);
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

/**
 * What follows the page as the reader scrolls: the navbar hides while scrolling down when the
 * site asks for it (`navbar.hideOnScroll`, told to `onNavbarHidden`), and the back-to-top button.
 * Returns the function that stops both.
 */
export function followScroll(site: Pick<SiteData, 'locale' | 'translations' | 'navbar'>, onNavbarHidden: (hidden: boolean) => void) {
  const stopHiding = site.navbar.hideOnScroll ? hideOnScrollDown(onNavbarHidden) : undefined;
  const removeButton = addBackToTop(site);
  return () => {
    stopHiding?.();
    removeButton();
  };
}
