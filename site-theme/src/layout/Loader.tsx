import { useEffect, useState } from 'react';

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
