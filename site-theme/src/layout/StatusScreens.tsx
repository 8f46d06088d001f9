/**
 * What a page shows when something is slow or failed, loaded after hydration (see statusSlots.tsx).
 */
import { useEffect, useState } from 'react';
import { MAIN_ID, useLocation, useTranslate } from '../firstLoad.js';

/** The UI strings of the screens, loaded with them. */
const STRINGS = {
  en: {
    'error.title': 'This page crashed.',
    'error.tryAgain': 'Try again',
    'error.pageTitle': 'Page Error',
    'loadError.message': 'This page could not be loaded. Check your connection and try again.',
    'loadError.retry': 'Retry',
  },
  ko: {
    'error.title': '이 페이지에서 오류가 발생했습니다.',
    'error.tryAgain': '다시 시도',
    'error.pageTitle': '페이지 오류',
    'loadError.message': '페이지를 불러오지 못했습니다. 네트워크 연결을 확인한 뒤 다시 시도하세요.',
    'loadError.retry': '다시 시도',
  },
};

/** The navigation progress bar: shown only when loading a page takes longer than 200 ms. */
export function ProgressBar() {
  const { loading } = useLocation();
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (!loading) {
      setProgress((current) => (current === null ? null : 1));
      const hide = window.setTimeout(() => setProgress(null), 200);
      return () => window.clearTimeout(hide);
    }
    let trickle = 0;
    const start = window.setTimeout(() => {
      setProgress(0.08);
      trickle = window.setInterval(() => setProgress((current) => Math.min(0.994, (current ?? 0.08) + (1 - (current ?? 0.08)) * 0.1)), 800);
    }, 200);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(trickle);
    };
  }, [loading]);
  if (progress === null) return null;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label="Loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <div className="progress-bar__bar" style={{ transform: `translateX(${-100 + progress * 100}%)` }} />
    </div>
  );
}

/** The page shown in place of one that crashed, with a button to render it again. */
export function ErrorPage({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  const t = useTranslate(STRINGS);
  if (typeof document !== 'undefined') document.title = t('error.pageTitle');
  return (
    <main id={MAIN_ID} className="container error-page">
      <h1>{t('error.title')}</h1>
      <p className="error-page__message">{error.message}</p>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        {t('error.tryAgain')}
      </button>
    </main>
  );
}

/** The red box shown in the content area when a page's data could not be loaded. */
export function LoadError() {
  const { error } = useLocation();
  const t = useTranslate(STRINGS);
  if (!error) return null;
  return (
    <main id={MAIN_ID} className="container">
      <div role="alert" className="load-error">
        <p>{t('loadError.message')}</p>
        <button type="button" className="button button--danger" onClick={error.retry}>
          {t('loadError.retry')}
        </button>
      </div>
    </main>
  );
}

/** Delay before the spinner appears: quick loads never flash it. */
export const LOADER_DELAY_MS = 200;

/** A spinner for a part of the page that is still loading, shown only after a short delay. */
export function Loader({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="loader" role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
