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

/** The Docusaurus commands that docgen's scripts stand for, by the script that runs each: `npm start` is `npm run dev` now. */
const DOCGEN_SCRIPTS = { start: 'dev', build: 'build' } as const;

/**
 * A note for each step that `npm start` or `npm run build` of the Docusaurus site runs beside
 * `docusaurus start` or `docusaurus build`, which docgen's `dev` and `build` scripts do not: the
 * other commands of its `start` and `build` scripts (`pnpm copy-docs && docusaurus build`: pnpm.io
 * copies its docs into the version it builds them as; `docusaurus gen-api-docs all`), and the
 * commands of its `prestart`, `poststart`, `prebuild` and `postbuild` scripts, which npm runs
 * around them. Not carried over: they may need tools the new site does not install, and files
 * that are not copied; the note names them, so that nothing the build did is lost without a word.
 */
export function noteSiteScripts(from: string): MigrationNote[] {
  let text: string;
  let scripts: unknown;
  try {
    text = readFileSync(join(from, 'package.json'), 'utf8');
    scripts = (JSON.parse(text) as { scripts?: unknown } | null)?.scripts;
  } catch {
    return [];
  }
  if (!scripts || typeof scripts !== 'object') return [];
  const notes: MigrationNote[] = [];
  for (const [name, docgenName] of Object.entries(DOCGEN_SCRIPTS)) {
    const command = name === 'start' ? '`npm start`' : `\`npm run ${name}\``;
    for (const script of [`pre${name}`, name, `post${name}`]) {
      const value = (scripts as Record<string, unknown>)[script];
      if (typeof value !== 'string') continue;
      const steps = splitCommand(value).filter((step) => script !== name || !runsDocusaurus(step, name));
      if (steps.length === 0) continue;
      const where =
        script === name
          ? `its \`${name}\` script`
          : `its \`${script}\` script, which npm runs ${script.startsWith('pre') ? 'before' : 'after'} \`${name}\``;
      notes.push({
        file: 'package.json',
        line: findLine(text, new RegExp(`"${script}"\\s*:`)),
        what: `${command} of the Docusaurus site also runs ${steps.map((step) => `\`${step}\``).join(', ')} (${where}), which docgen's \`${docgenName}\` script (\`npm run ${docgenName}\`) does not`,
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
 * Whether a command is `docusaurus <name>` (`docusaurus build`, `npx docusaurus start --port 3001`,
 * `NODE_OPTIONS=--max-old-space-size=8000 docusaurus build`, `cross-env NODE_ENV=production
 * docusaurus build`): what docgen's own script replaces.
 */
function runsDocusaurus(step: string, name: string): boolean {
  const command = step
    .replace(/^(cross-env\s+)?([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|\S*)\s+)*/, '')
    .replace(/^(npx|yarn|pnpm(\s+exec)?|npm\s+exec(\s+--)?|bunx?)\s+/, '');
  return new RegExp(`^docusaurus\\s+${name}(\\s|$)`).test(command);
}
