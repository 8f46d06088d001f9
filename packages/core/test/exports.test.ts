import { describe, expect, it } from 'vitest';
import * as core from '../src/index.js';

describe('@docgen/core public exports', () => {
  it('pins what the CLI and other tools may import', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "CHROMIUM_ARGS",
        "DOCGEN_VERSION",
        "DocgenError",
        "assertWritableFolder",
        "build",
        "checkLinks",
        "clearCache",
        "cutVersion",
        "exitProcess",
        "findCacheDir",
        "findChromium",
        "formatDiagnostic",
        "formatLocation",
        "getBrokenLinks",
        "getConfigJsonSchema",
        "getEnvironmentError",
        "isDocgenError",
        "listSwizzleComponents",
        "loadSite",
        "migrateDocusaurus",
        "raiseTierUpBudget",
        "readConfig",
        "readTranslations",
        "startDevServer",
        "startStaticServer",
        "stopBundler",
        "swizzle",
        "writeManuals",
      ]
    `);
  });

  it('gives the command line what it does before and after a command apart (`@docgen/core/process`)', async () => {
    const entry = await import('../src/process.js');
    expect(Object.keys(entry).sort()).toEqual(['prestartBuildThread', 'raiseTierUpBudget', 'stopBundler']);
    expect(entry.stopBundler).toBe(core.stopBundler);
  });

  it('reports the version of the core package', async () => {
    const { default: manifest } = await import('../package.json', { with: { type: 'json' } });
    expect(core.DOCGEN_VERSION).toBe(manifest.version);
  });
});

describe('formatDiagnostic', () => {
  it('prints file:line:col, the message and the hint on its own line', () => {
    expect(
      core.formatDiagnostic({
        severity: 'error',
        code: 'x',
        message: 'Something is wrong',
        hint: 'Fix it.',
        location: { file: 'docs/a.md', line: 3, column: 7 },
      }),
    ).toBe('docs/a.md:3:7  Something is wrong\n  hint: Fix it.');
    expect(core.formatDiagnostic({ severity: 'warning', code: 'x', message: 'No place' })).toBe('No place');
  });
});
