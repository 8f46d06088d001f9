import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { build } from '@docgen/core';
import type { Diagnostic } from '@docgen/types';
import { launchBrowser } from './browser.js';
import { startPlainServer, type PlainServer } from './plainServer.js';

/** A site built once for a test file, its output served by a plain static file server, and a Chromium to read it with. */
export interface ServedBuild {
  /** The test file's temporary folder: the site is where `writeSite` put it, the output in `build/`. */
  root: string;
  server: PlainServer;
  browser: Browser;
  /** What the build warned about. */
  diagnostics: Diagnostic[];
}

/**
 * Registers the test file's hooks: before its tests, `writeSite` writes a site into the temporary
 * folder it is given (and returns the site's folder), which is built into `<root>/build` and
 * served; after them, everything is closed and removed. The fields are read once the tests run.
 */
export function useServedBuild(prefix: string, writeSite: (root: string) => string): ServedBuild {
  const served = {} as ServedBuild;
  beforeAll(async () => {
    served.root = mkdtempSync(join(tmpdir(), prefix));
    const result = await build({ siteDir: writeSite(served.root), outDir: join(served.root, 'build') });
    served.diagnostics = result.diagnostics;
    served.server = await startPlainServer(join(served.root, 'build'));
    served.browser = await launchBrowser();
  });
  afterAll(async () => {
    await served.browser?.close();
    await served.server?.close();
    if (served.root) rmSync(served.root, { recursive: true, force: true });
  });
  return served;
}
