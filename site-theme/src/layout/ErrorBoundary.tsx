import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from '@docgen/client';
import { useTranslate } from '../i18n.js';
import { MAIN_ID } from './Layout.js';

interface State {
  error: Error | null;
}

/** Catches a crash anywhere in a page and offers to render it again. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: (props: { error: Error; tryAgain: () => void }) => ReactNode },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('docgen: the page crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback({ error: this.state.error, tryAgain: () => this.setState({ error: null }) });
    return this.props.children;
  }
}

export function ErrorPage({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  const t = useTranslate();
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
  const t = useTranslate();
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
