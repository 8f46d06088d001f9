import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One config for every test of the workspace, in two projects: `unit` (fast, in-process, fixture
 * sites) and `e2e` (builds docs-content, real HTTP servers and headless Chromium).
 */
export default defineConfig({
  test: {
    root,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'site-theme/test/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Bounds against a hang, not timings: the unit files run side by side on two cores, and the
          // heavier ones (the differential test, loading docs-content) slow the set-up of the others.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          include: ['packages/testing/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/testing/src/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page or server does eventually (a client navigation, a rebuild) may take seconds
          // on a loaded machine: a poll waits up to 10 s for it, not vitest's default of 1 s.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
