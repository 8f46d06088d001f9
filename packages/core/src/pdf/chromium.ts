/**
 * Where docgen finds Chromium, and the flags it starts it with: headless on a machine whose network
 * may be closed (no background connections, no component updates), as root in a container.
 */
import { existsSync } from 'node:fs';

/** `DOCGEN_CHROMIUM` when set, else Debian's and the other usual places; undefined when none is there. */
export function findChromium(): string | undefined {
  const candidates = process.env.DOCGEN_CHROMIUM
    ? [process.env.DOCGEN_CHROMIUM]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * The features turned off. Chromium keeps only the last `--disable-features` it is given, and
 * playwright-core passes its own list before ours, so this list holds playwright-core's too (an
 * e2e test, browser.test, reads Chromium's command line and fails when one is missing).
 *
 * Ours: the omnibox's popups, which Chromium 156 loads as a web page of their own (a renderer)
 * for every window headless Chromium opens, that is every page. That renderer took 1.2 s of CPU
 * per page: ten pages of docs-content opened one after the other took 28-29 s of CPU with it, 15-16
 * s without it.
 */
const DISABLED_FEATURES = [
  // playwright-core 1.65's (chromiumSwitches.ts).
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // Ours.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
