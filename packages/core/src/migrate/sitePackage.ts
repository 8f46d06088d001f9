import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readPackageJson, type MissingPackage } from './componentPackages.js';
import { findLine, type MigrationNote } from './report.js';

/**
 * The new site's package.json, as `docgen init` writes one: the Docusaurus site's name and
 * version, docgen's scripts (`dev`, `build`, `check`, `serve`), docgen itself when `docgenVersion`
 * is given (the spec of `@docgen/cli`, as init names the docgen it was run from), and the packages
 * the components import that have a version in the Docusaurus site's package.json, at that version:
 * `npm install` in the new site installs what it builds with. A package the Docusaurus site does
 * not list is left to the report (its version is not known).
 */
export function toSitePackageJson(from: string, packages: MissingPackage[], docgenVersion?: string): string {
  const own = readPackageJson(from);
  const dependencies = Object.fromEntries(
    packages
      .filter((entry) => !entry.docusaurus && entry.version !== undefined)
      .map((entry) => [entry.name, entry.version!])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
  const manifest = {
    name: typeof own.name === 'string' ? own.name : toPackageName(basename(from)),
    version: typeof own.version === 'string' ? own.version : '0.0.0',
    private: true,
    scripts: { dev: 'docgen serve --watch', build: 'docgen build', check: 'docgen check-links', serve: 'docgen serve' },
    ...(Object.keys(dependencies).length > 0 && { dependencies }),
    ...(docgenVersion !== undefined && { devDependencies: { '@docgen/cli': docgenVersion }, allowScripts: { esbuild: true } }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A folder's name as an npm package name: lower case, what npm refuses dropped. */
const toPackageName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '') || 'docs';

/** The Docusaurus site's commands that docgen's scripts stand for: `npm start` is `npm run dev` now. */
const DOCGEN_SCRIPTS = { start: 'dev', build: 'build' } as const;

/**
 * A note for each step that `npm start` or `npm run build` of the Docusaurus site runs beside
 * Docusaurus itself, which docgen's `dev` and `build` scripts do not: the other commands of its
 * `start` and `build` scripts (`pnpm copy-docs && docusaurus build`: pnpm.io copies its docs into
 * the version it builds them as), and its `prestart`, `poststart`, `prebuild` and `postbuild`
 * scripts, which npm runs around them. Not carried over: they may need tools the new site does not
 * install, and files that are not copied; the note names them, so that nothing the build did is
 * lost without a word.
 */
export function noteSiteScripts(from: string): MigrationNote[] {
  const scripts = readPackageJson(from).scripts;
  if (!scripts || typeof scripts !== 'object') return [];
  let text = '';
  try {
    text = readFileSync(join(from, 'package.json'), 'utf8');
  } catch {
    // Read above, so readable: a file gone since is noted without its line.
  }
  const notes: MigrationNote[] = [];
  for (const [name, docgenName] of Object.entries(DOCGEN_SCRIPTS)) {
    const command = name === 'start' ? '`npm start`' : `\`npm run ${name}\``;
    const docgenCommand = `docgen's \`${docgenName}\` script (\`npm run ${docgenName}\`)`;
    for (const script of [`pre${name}`, name, `post${name}`]) {
      const value = (scripts as Record<string, unknown>)[script];
      if (typeof value !== 'string') continue;
      const steps = script === name ? splitCommand(value).filter((step) => !runsDocusaurus(step)) : [value.trim()];
      if (steps.length === 0 || steps.every((step) => step === '')) continue;
      const where =
        script === name
          ? `its \`${name}\` script`
          : `its \`${script}\` script, which npm runs ${script.startsWith('pre') ? 'before' : 'after'} \`${name}\``;
      notes.push({
        file: 'package.json',
        line: findLine(text, new RegExp(`"${script}"\\s*:`)),
        what: `${command} of the Docusaurus site also runs ${steps.map((step) => `\`${step}\``).join(', ')} (${where}), which ${docgenCommand} does not`,
        todo: `Run it before or after docgen as the site needs, or add it to the new package.json's \`${docgenName}\` script with the packages and files it uses.`,
      });
    }
  }
  return notes;
}

/** The commands of a script line, split where a shell runs one after another (`&&`, `||`, `;`). */
const splitCommand = (command: string) =>
  command
    .split(/&&|\|\||;/)
    .map((step) => step.trim())
    .filter((step) => step !== '');

/**
 * Whether a command runs Docusaurus itself (`docusaurus build`, `npx docusaurus start --port 3001`,
 * `NODE_OPTIONS=--max-old-space-size=8000 docusaurus build`, `cross-env NODE_ENV=production
 * docusaurus build`): what docgen's own scripts replace.
 */
function runsDocusaurus(step: string): boolean {
  const command = step
    .replace(/^(cross-env\s+)?([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|\S*)\s+)*/, '')
    .replace(/^(npx|yarn|pnpm(\s+exec)?|npm\s+exec(\s+--)?|bunx?)\s+/, '');
  return /^docusaurus(\s|$)/.test(command);
}
