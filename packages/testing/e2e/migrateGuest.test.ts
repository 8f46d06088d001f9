/**
 * `docgen migrate docusaurus` runs the Docusaurus site's config and sidebars as a careful guest:
 * in a child process with a scrubbed environment and a time limit; a file that ends the process,
 * never settles or takes too long is an error naming it (exit code 2); what the site's code changes
 * in the site is reported, not hidden; and no value it read from the environment is written into
 * the new site. Each site is written by the test.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-migrate-guest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A Docusaurus site of `files` (a doc besides) in a new folder of the scratch folder. */
function writeSite(name: string, files: Record<string, string>): string {
  const root = join(scratch, name);
  for (const [path, text] of Object.entries({ 'docs/intro.md': '# Intro\n\nHello.\n', ...files })) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const SIDEBARS_CONFIG =
  "module.exports = { title: 'S', url: 'https://s.example.com', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') }, blog: false }]] };\n";

describe('docgen migrate docusaurus runs the site code as a careful guest', () => {
  it("runs a config that uses a package not installed through a namespace import, as Jest's uses js-yaml", async () => {
    const site = writeSite('namespace', {
      'docusaurus.config.mjs': [
        "import * as yaml from 'not-installed-yaml';",
        "import { load } from 'not-installed-yaml';",
        '// What Jest does with its crowdin.yaml: read a file, then map what the package gave.',
        "const crowdin = yaml.load('languages_mapping: {}');",
        'const mapping = new Map(Object.entries(crowdin.languages_mapping?.locale ?? {}));',
        "const named = load('x');",
        '// Walks up the prototype chain of the stand-in and of the namespace: both end.',
        'if (crowdin instanceof RegExp || yaml instanceof Map) throw new Error("not a stand-in");',
        "export default { title: 'Namespace', url: 'https://n.example.com', baseUrl: '/', tagline: String(named), customFields: { locales: [...mapping.keys()] } };",
        '',
      ].join('\n'),
    });
    const to = join(scratch, 'out-namespace');
    const result = await runDocgen(['migrate', 'docusaurus', site, to]);
    expect(result.stderr).not.toContain('is not a function');
    expect(result.code).toBe(0);
    const config = readFileSync(join(to, 'docgen.config.yaml'), 'utf8');
    expect(config).toContain('title: Namespace');
    expect(readFileSync(join(to, 'MIGRATION.md'), 'utf8')).toContain('not-installed-yaml');
  });

  it('names a config that ends the process before giving its config, with its line (exit code 2)', async () => {
    const site = writeSite('exits', {
      'docusaurus.config.js':
        "const title = 'x';\nprocess.exit(0);\nmodule.exports = { title, url: 'https://x.example.com', baseUrl: '/' };\n",
    });
    const to = join(scratch, 'out-exits');
    const result = await runDocgen(['migrate', 'docusaurus', site, to]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('JSON');
    expect(result.stderr).not.toContain('crashed');
    expect(result.stderr).toContain('docusaurus.config.js:2:');
    expect(result.stderr).toContain('docusaurus.config.js ended the process (process.exit(0)) before giving its config');
    expect(existsSync(to)).toBe(false);
  });

  it('names a config whose promise never settles: at once when nothing is left to run, else after the time limit', async () => {
    const idle = writeSite('never-settles', {
      'docusaurus.config.js': 'module.exports = async function createConfig() {\n  return new Promise(() => {});\n};\n',
    });
    const idleResult = await runDocgen(['migrate', 'docusaurus', idle, join(scratch, 'out-never-settles')]);
    expect(idleResult.code).toBe(2);
    expect(idleResult.stderr).toContain('docusaurus.config.js did not finish loading: the promise it gives never settles');

    // A timer keeps the process alive: the time limit stops it (short here, through the variable the manual documents).
    const busy = writeSite('never-settles-busy', {
      'docusaurus.config.js':
        'module.exports = async function createConfig() {\n  setInterval(() => {}, 100);\n  return new Promise(() => {});\n};\n',
    });
    const started = Date.now();
    const busyResult = await runDocgen(['migrate', 'docusaurus', busy, join(scratch, 'out-never-settles-busy')], {
      DOCGEN_MIGRATE_TIMEOUT_MS: '1500',
    });
    expect(busyResult.code).toBe(2);
    expect(busyResult.stderr).toContain('docusaurus.config.js did not finish loading in 1.5 s (a promise that never settles?)');
    expect(busyResult.stderr).toContain('DOCGEN_MIGRATE_TIMEOUT_MS');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(existsSync(join(scratch, 'out-never-settles-busy'))).toBe(false);
  });

  it('names a sidebars.js that ends the process, with what it printed', async () => {
    const site = writeSite('sidebars-exit', {
      'docusaurus.config.js': SIDEBARS_CONFIG,
      'sidebars.js': "console.log('leaving now');\nprocess.exit(3);\nmodule.exports = { docs: ['intro'] };\n",
    });
    const result = await runDocgen(['migrate', 'docusaurus', site, join(scratch, 'out-sidebars-exit')]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('JSON');
    expect(result.stderr).toContain('sidebars.js:2:');
    expect(result.stderr).toContain('sidebars.js ended the process (process.exit(3)) before giving its sidebars');
    expect(result.stderr).toContain('leaving now');
  });

  it('reports the files the config changed in the site, in MIGRATION.md and on the terminal, and does not say the site was not changed', async () => {
    const site = writeSite('writes', {
      'docusaurus.config.js': [
        "const fs = require('fs');",
        "fs.writeFileSync(__dirname + '/written-by-config.txt', 'hi');",
        "fs.writeFileSync(__dirname + '/docs/intro.md', '# Intro\\n\\nChanged by the config.\\n');",
        "fs.rmSync(__dirname + '/docs/old.md');",
        "module.exports = { title: 'W', url: 'https://w.example.com', baseUrl: '/' };",
        '',
      ].join('\n'),
      'docs/old.md': '# Old\n',
      // What package managers and builds keep is not compared.
      'node_modules/.cache/x.txt': 'cache',
    });
    const to = join(scratch, 'out-writes');
    const result = await runDocgen(['migrate', 'docusaurus', site, to]);
    expect(result.code, result.stderr).toBe(0);
    const report = readFileSync(join(to, 'MIGRATION.md'), 'utf8');
    expect(report).not.toContain('was not changed');
    expect(report).toContain('## Warning: the Docusaurus site was changed (3 files)');
    expect(report).toContain('- changed: `docs/intro.md`\n- deleted: `docs/old.md`\n- created: `written-by-config.txt`\n');
    expect(result.stdout).toContain('## Warning: the Docusaurus site was changed (3 files)');
    expect(result.stderr).toMatch(/^warning: running the Docusaurus config changed 3 files of \S+ \(see MIGRATION\.md\)$/m);

    // A site whose config does not write anything says so.
    const quiet = writeSite('quiet', {
      'docusaurus.config.js': "module.exports = { title: 'Q', url: 'https://q.example.com', baseUrl: '/' };\n",
    });
    const quietResult = await runDocgen(['migrate', 'docusaurus', quiet, join(scratch, 'out-quiet')]);
    expect(quietResult.code, quietResult.stderr).toBe(0);
    const quietReport = readFileSync(join(scratch, 'out-quiet/MIGRATION.md'), 'utf8');
    expect(quietReport).toContain('The Docusaurus site was not changed.');
    expect(quietResult.stderr).not.toContain('changed');
    expect(quietReport).toContain('were compared before and after: nothing was changed.');
  });

  it('says what a config that fails changed in the site before it failed', async () => {
    const site = writeSite('writes-then-throws', {
      'docusaurus.config.js': "require('fs').writeFileSync(__dirname + '/stray.txt', 'x');\nthrow new Error('no config today');\n",
    });
    const result = await runDocgen(['migrate', 'docusaurus', site, join(scratch, 'out-writes-then-throws')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docusaurus.config.js:2');
    expect(result.stderr).toContain('no config today');
    expect(result.stderr).toContain('The Docusaurus site was changed as its code ran: created stray.txt.');
  });

  it("runs the config without the rest of docgen's environment, and writes no value it read from the environment into the new site", async () => {
    const site = writeSite('secrets', {
      'docusaurus.config.js': [
        "const fs = require('fs');",
        '// A .env file that the config loads (as dotenv does) is the environment too.',
        "for (const line of fs.readFileSync(__dirname + '/.env', 'utf8').split('\\n')) {",
        "  const [name, value] = line.split('=');",
        '  if (name) process.env[name] = value;',
        '}',
        'module.exports = {',
        "  title: 'Secrets' + (process.env.DOCUSAURUS_CURRENT_LOCALE ?? ''),",
        "  tagline: 'Seen: ' + typeof process.env.DOCGEN_TEST_SECRET + ', ' + typeof process.env.ALGOLIA_API_KEY,",
        "  url: 'https://secrets.example.com',",
        "  baseUrl: '/',",
        "  scripts: ['https://cdn.example.com/analytics.js?key=' + process.env.ALGOLIA_API_KEY, 'https://cdn.example.com/x.js?token=' + process.env.DOCUSAURUS_DEPLOY_TOKEN],",
        '  customFields: { apiKey: process.env.ALGOLIA_API_KEY, token: process.env.DOCUSAURUS_DEPLOY_TOKEN },',
        '  themeConfig: {',
        "    algolia: { appId: 'APPID', indexName: 'site', apiKey: process.env.ALGOLIA_API_KEY || 'unset' },",
        '    navbar: {',
        '      title: process.env.DOCUSAURUS_DEPLOY_TOKEN,',
        "      items: [{ label: 'Docs', href: 'https://docs.example.com/?k=' + process.env.FROM_DOTENV }],",
        '    },',
        '  },',
        '};',
        '',
      ].join('\n'),
      '.env': 'FROM_DOTENV=dotenv-secret-4711\n',
    });
    const to = join(scratch, 'out-secrets');
    const secrets = {
      ALGOLIA_API_KEY: 'algolia-secret-0123456789',
      DOCGEN_TEST_SECRET: 'docgen-secret-abcdef',
      // A variable of Docusaurus's own prefix is passed: its value is left out of what the config gives.
      DOCUSAURUS_DEPLOY_TOKEN: 'deploy-secret-987654',
    };
    // Unset (vitest sets it): the config gets NODE_ENV=production, as under `docusaurus build`.
    const result = await runDocgen(['migrate', 'docusaurus', site, to], {
      ...secrets,
      NODE_ENV: undefined,
      DOCUSAURUS_CURRENT_LOCALE: undefined,
    });
    expect(result.code, result.stderr).toBe(0);
    // No value read from the environment is anywhere in the new site, nor on the terminal.
    for (const secret of [...Object.values(secrets), 'dotenv-secret-4711']) {
      for (const file of listFiles(to)) expect(readFileSync(join(to, file), 'utf8'), `${secret} in ${file}`).not.toContain(secret);
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
    const config = readFileSync(join(to, 'docgen.config.yaml'), 'utf8');
    // What was not passed the config saw unset.
    expect(config).toContain('tagline: "Seen: undefined, undefined"');
    // What holds a value read is left out, and noted at its key; the rest is converted.
    expect(config).toContain('- https://cdn.example.com/analytics.js?key=undefined');
    expect(config).not.toContain('x.js?token=');
    expect(config).not.toContain('docs.example.com');
    const report = readFileSync(join(to, 'MIGRATION.md'), 'utf8');
    expect(report).toContain(
      "The site's code read these variables of docgen's environment, which were not passed to it: `ALGOLIA_API_KEY`, `DOCGEN_TEST_SECRET`.",
    );
    expect(report).toContain("The site's code also read `DOCUSAURUS_CURRENT_LOCALE`, which docgen's environment does not set either.");
    expect(report).toMatch(/It ran with these environment variables only: [^;]*`DOCUSAURUS_DEPLOY_TOKEN`[^;]*`NODE_ENV` \(`production`/);
    expect(report).not.toMatch(/environment variables only: [^;]*`DOCGEN_TEST_SECRET`/);
    expect(report).toContain(
      '- `docusaurus.config.js:12` The value of `scripts[1]` is not converted: it holds the value of the environment variable `DOCUSAURUS_DEPLOY_TOKEN`.',
    );
    expect(report).toContain(
      '- `docusaurus.config.js:17` The value of `themeConfig.navbar.title` is not converted: it holds the value of the environment variable `DOCUSAURUS_DEPLOY_TOKEN`.',
    );
    expect(report).toContain(
      '- `docusaurus.config.js:18` The value of `themeConfig.navbar.items[0].href` is not converted: it holds the value of the environment variable `FROM_DOTENV`.',
    );
  });
});
