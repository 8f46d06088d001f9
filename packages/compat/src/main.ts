/**
 * `pnpm compat <docusaurus-site> --reference <its-docusaurus-build> [--out DIR] [--screenshots N]`:
 * docgen's fidelity harness. Migrates the Docusaurus site with `docgen migrate docusaurus` (its
 * node_modules, when it has them, linked into the new site as `npm install` would give them),
 * builds it with `docgen build`, and compares the build with Docusaurus's own build of the same
 * site (compare.ts): routes, article words, heading ids, and screenshots of a sample of pages
 * side by side in Chromium. Writes compat-report.md and compat-report.json into the out folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareBuilds, type Comparison } from './compare.js';
import { formatReport } from './report.js';
import { takeScreenshots, type Screenshot } from './screenshots.js';

const USAGE = `Usage: pnpm compat <docusaurus-site> --reference <its-docusaurus-build> [--out DIR] [--screenshots N]

  <docusaurus-site>   the Docusaurus site's folder (the one with docusaurus.config.*); never changed
  --reference DIR     Docusaurus's build of that site: in the site, npm install then npx docusaurus build --out-dir DIR
  --out DIR           where the migrated site, its build, the logs and the report go (default compat-<site folder name>)
  --screenshots N     pages shown side by side in Chromium, the home page first (default 6; 0 for none)`;

const DOCGEN = resolve(dirname(fileURLToPath(import.meta.url)), '../../../bin/docgen');

function run(args: string[], log: string): number {
  const result = spawnSync(process.execPath, [DOCGEN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  writeFileSync(log, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.status ?? 1;
}

/**
 * The node_modules that holds the site's packages: its own, else the nearest above it in its
 * repository (Babel's are at the repository's root; its website/node_modules holds only
 * Docusaurus's cache).
 */
function findNodeModules(siteDir: string): string | undefined {
  for (let dir = siteDir; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (existsSync(modules) && readdirSync(modules).some((name) => !name.startsWith('.'))) return modules;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      out: { type: 'string' },
      screenshots: { type: 'string', default: '6' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals.length !== 1 || !values.reference) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const siteDir = resolve(positionals[0]!);
  const referenceDir = resolve(values.reference);
  const outDir = resolve(values.out ?? `compat-${basename(siteDir)}`);
  const screenshots = Number(values.screenshots);
  if (!existsSync(referenceDir)) {
    process.stderr.write(
      `No Docusaurus build at ${referenceDir}: in the site, run npm install, then npx docusaurus build --out-dir ${referenceDir}\n`,
    );
    return 2;
  }
  const migrated = join(outDir, 'site');
  rmSync(migrated, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  process.stdout.write(`Migrating ${siteDir} into ${migrated}\n`);
  const migrateCode = run(['migrate', 'docusaurus', siteDir, migrated], join(outDir, 'migrate.log'));
  if (migrateCode !== 0 || !existsSync(join(migrated, 'docgen.config.yaml'))) {
    process.stderr.write(`docgen migrate failed (exit ${migrateCode}): see ${join(outDir, 'migrate.log')}\n`);
    return 1;
  }
  // The site's packages, as `npm install` in the new site gives them.
  const packages = findNodeModules(siteDir);
  if (packages && !existsSync(join(migrated, 'node_modules'))) symlinkSync(packages, join(migrated, 'node_modules'), 'dir');
  process.stdout.write('Building it with docgen build\n');
  const buildCode = run(['build', migrated], join(outDir, 'build.log'));
  const docgenDir = join(migrated, 'build');
  // Without a build (it failed), every route is unserved.
  const comparison: Comparison = compareBuilds(referenceDir, docgenDir);
  let shots: Screenshot[] = [];
  if (screenshots > 0 && existsSync(docgenDir)) {
    const baseUrl = /^baseUrl:\s*(\S+)\s*$/m.exec(readFileSync(join(migrated, 'docgen.config.yaml'), 'utf8'))?.[1] ?? '/';
    shots = await takeScreenshots({
      referenceDir,
      docgenDir,
      baseUrl,
      comparison,
      count: screenshots,
      outDir: join(outDir, 'screenshots'),
    });
  }
  const report = formatReport({ siteDir, referenceDir, outDir, buildCode, comparison, screenshots: shots });
  writeFileSync(join(outDir, 'compat-report.md'), report);
  writeFileSync(join(outDir, 'compat-report.json'), `${JSON.stringify({ buildCode, ...comparison, screenshots: shots }, null, 2)}\n`);
  const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);
  process.stdout.write(
    [
      `docgen build exit code: ${buildCode}`,
      `Routes served: ${comparison.routes.served}/${comparison.routes.reference} (${percent(comparison.routes.served, comparison.routes.reference)})`,
      `Pages with ≥${comparison.articles.threshold * 100}% of their article's words: ${comparison.articles.passing}/${comparison.articles.reference} (${percent(comparison.articles.passing, comparison.articles.reference)})`,
      `Heading ids found: ${comparison.headingIds.found}/${comparison.headingIds.reference} (${percent(comparison.headingIds.found, comparison.headingIds.reference)})`,
      `Links leading where Docusaurus's do: ${comparison.links.same}/${comparison.links.compared} (${percent(comparison.links.same, comparison.links.compared)})`,
      `Report: ${join(outDir, 'compat-report.md')}`,
      '',
    ].join('\n'),
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`compat failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
