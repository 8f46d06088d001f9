import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One config for every test of the workspace, in two projects: `unit` (fast, in-process, fixture
 * sites) and `e2e` (builds docs-content, real HTTP servers and headless Chromium).
 *
 * Files run one at a time on a two-core machine: Vitest's default is a worker fewer than the
 * cores. Two at a time (`maxWorkers: 2`) was tried and was slower: the e2e files' builds, servers
 * and browsers then share the cores (a file took 1.5 to 3 times as long) and a timing-sensitive
 * browser test failed.
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
          // Bounds against a hang, not timings: the heavier files (the differential test, loading
          // docs-content) take seconds of set-up on a loaded machine.
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
