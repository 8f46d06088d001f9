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

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
