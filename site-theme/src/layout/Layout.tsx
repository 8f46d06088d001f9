import type { MouseEvent, ReactNode } from 'react';
import { useSiteData } from '@docgen/client';
import { ANNOUNCEMENT_STORAGE_KEY } from '@docgen/client';
import { useTranslate } from '../i18n.js';
import { Navbar } from '../navbar/Navbar.js';
import { Footer } from './Footer.js';
import { ProgressBar } from './statusSlots.js';

export const MAIN_ID = '__docgen-main';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipToContent />
      <AnnouncementBar />
      <Navbar />
      <ProgressBar />
      <div className="main-wrapper">{children}</div>
      <Footer />
    </>
  );
}

/**
 * The first stop of the keyboard. Following it moves focus into the main content (not only the
 * scroll position), so that the next Tab lands on the first link of the page's content. Without
 * JavaScript the link still scrolls there.
 */
function SkipToContent() {
  const t = useTranslate();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    // Focusable by script only, and only until it loses focus: no outline or tab stop left behind.
    main.setAttribute('tabindex', '-1');
    main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
    main.focus();
  };
  return (
    <a className="skip-to-content" href={`#${MAIN_ID}`} onClick={skip}>
      {t('skipToContent')}
    </a>
  );
}

function AnnouncementBar() {
  const site = useSiteData();
  const t = useTranslate();
  const bar = site.announcementBar;
  if (!bar) return null;
  const close = () => {
    try {
      window.localStorage.setItem(ANNOUNCEMENT_STORAGE_KEY, bar.id);
    } catch {
      // Without storage the bar closes for this page view only.
    }
    document.documentElement.setAttribute('data-announcement-bar-dismissed', 'true');
  };
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-bar__close" aria-label={t('announcement.close')} onClick={close}>
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="3.1" d="M.75.75l13.5 13.5M14.25.75L.75 14.25" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
