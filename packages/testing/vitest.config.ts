import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

const UNIT_FILES = ['packages/*/test/**/*.test.{ts,tsx}', 'site-theme/test/**/*.test.{ts,tsx}'];

/**
 * Unit files that change the process for the files run after them in it, or need modules of their
 * own, each run in a process of its own: writeErrors.test mocks node:fs and prestart.test the
 * build's thread start (a module the files before it have imported already would not see the
 * mock), highlightDifferential.test registers every Prism language (some, as js-extras, change
 * the grammar of another language).
 */
const ISOLATED_UNIT_FILES = [
  'packages/core/test/writeErrors.test.ts',
  'packages/core/test/highlightDifferential.test.ts',
  'packages/core/test/prestart.test.ts',
];

/**
 * Bounds against a hang, not timings: the heavier files (the differential test, loading
 * docs-content) take seconds of set-up on a loaded machine.
 */
const UNIT_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000 };

/**
 * One config for every test of the workspace, in three projects: `unit` (fast, in-process, fixture
 * sites), `unit-isolated` (see ISOLATED_UNIT_FILES) and `e2e` (builds docs-content, real HTTP
 * servers and headless Chromium).
 *
 * Files run two at a time on a two-core machine (Vitest's default is a worker fewer than the
 * cores): one at a time, the whole suite used 106% of one core, waiting on processes, servers and
 * browsers more than it computed. From a fresh clone, the whole run took 1,322 s in Vitest two at
 * a time against 2,224 s one at a time, with less CPU (2,158 s against 2,457 s), every test
 * passing. (An older trial, on a slower state of the suite, found two at a time slower and a
 * timing-sensitive browser test failing: a test must wait on a condition, not on time.)
 */
export default defineConfig({
  test: {
    root,
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: UNIT_FILES,
          exclude: [...ISOLATED_UNIT_FILES, ...configDefaults.exclude],
          // One process imports the modules once for every file (an isolated file took 0.7 s to
          // import them again). Module state that lasts from one build to the next is a bug of
          // its own (moduleState.test); a file that changes the process for the files after it
          // goes to unit-isolated.
          isolate: false,
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          root,
          include: ISOLATED_UNIT_FILES,
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          include: ['packages/testing/e2e/**/*.test.ts'],
          globalSetup: ['packages/testing/src/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page or server does eventually (a client navigation, a rebuild) may take seconds
          // on a loaded machine: a poll waits up to 10 s for it, not vitest's default of 1 s.
          expect: { poll: { timeout: 10_000 } },
          // One process for the files of each worker, as unit: each file imported Playwright, Vitest and docgen's
          // helpers again in a process of its own (about a minute of the run). Browser tests wait
          // for the client to be ready (gotoReady): when they waited for half a second of network
          // silence alone, search.test's Ctrl+K twice opened no search box in this setup, most
          // likely pressed before the page's listener was there.
          isolate: false,
        },
      },
    ],
  },
});
