import { lazyModule, useLazyModule } from '../lazyModule.js';

/**
 * What a page shows only when something is slow or failed (StatusScreens.tsx): the progress bar
 * of a slow navigation, the spinner of a part still loading, the box of a page whose data could not
 * be loaded, the page of a crash.
 * They load right after hydration, so that they are there when needed, offline too; these slots
 * show them from then on.
 */
const statusScreens = lazyModule('status screens', () => import('./StatusScreens.js'));

/** The navigation progress bar: shown only when loading a page takes longer than 200 ms. */
export function ProgressBar() {
  const screens = useLazyModule(statusScreens);
  return screens ? <screens.ProgressBar /> : null;
}

/** A spinner for a part of the page that is still loading, shown only after a short delay. */
export function Loader(props: { label: string }) {
  const screens = useLazyModule(statusScreens);
  return screens ? <screens.Loader {...props} /> : null;
}

/** The red box shown in the content area when a page's data could not be loaded. */
export function LoadError() {
  const screens = useLazyModule(statusScreens);
  return screens ? <screens.LoadError /> : null;
}

/** The page shown in place of one that crashed, with a button to render it again. */
export function ErrorPage(props: { error: Error; tryAgain: () => void }) {
  const screens = useLazyModule(statusScreens);
  return screens ? <screens.ErrorPage {...props} /> : null;
}
