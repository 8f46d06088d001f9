import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Diagnostic, DocsConfig, LoadedVersion, SiteConfig } from '@docgen/types';
import { loadSite } from '../build/index.js';
import { CONFIG_FILE_NAME, readConfig } from '../config/index.js';
import {
  DEFAULT_DOCS_ID,
  describeSkippedLink,
  findDocsInstance,
  getDocsInstances,
  getInstanceFiles,
  getLocaleDir,
  readFolderFiles,
} from '../files/index.js';
import { DocgenError, isDocgenError, suggestName } from '../diagnostics/index.js';
import type { LockWait } from '../processes/index.js';
import { lockSiteCache } from '../build/index.js';
import { getCutRedirects, hasRedirectChanges, type CutRedirects } from './cutRedirects.js';
import { toConfigTextAfterCut, toConfigTextWithRedirects, toVersionsJsonText } from './siteFiles.js';
import { createSnapshot, type CutStep } from '../processes/index.js';
import { assertNewVersionName, assertValidVersionName } from './versionName.js';

export interface CutVersionOptions {
  siteDir: string;
  /** Name of the new frozen version, e.g. `2511.1`: a folder name and a URL path segment. */
  name: string;
  /** Id of the docs instance to cut (`docsInstances`); the docs of `docs` when absent. */
  docs?: string;
  /**
   * Called before each write to the site. Throwing aborts the cut, which then undoes everything;
   * tests use it to simulate a failure halfway.
   */
  onStep?: (step: CutStep) => void;
  /** Called when the cut waits for another docgen process using the site (a build, a check). */
  onWait?: (wait: LockWait) => void;
  /**
   * For a caller that may end the process before the cut ends (the CLI on SIGINT or SIGTERM):
   * called with what releases the cut's lock and, once the cut writes, with what undoes all it
   * wrote so far. The caller runs them newest first; the undoing throws, naming what it could
   * not put back, when the next docgen command has to finish it. The function it returns
   * forgets one, once the cut has done it itself (or finished).
   */
  onTemporary?: (cleanup: () => void) => () => void;
}

/** A docs version as the default locale serves it. */
export interface CutVersionPlace {
  name: string;
  label: string;
  /** URL path of the version root, e.g. `/docs` or `/docs/2506.1`. */
  path: string;
  banner: LoadedVersion['banner'];
}

export interface CutVersionResult {
  siteDir: string;
  /** Site-relative paths the cut created, `/`-separated; folders end with `/`. */
  created: string[];
  /** Site-relative paths of existing files the cut rewrote. */
  updated: string[];
  /** The new version: now the latest, served at the docs root. */
  latest: CutVersionPlace;
  /** The previous latest where it lives now, with its label and path from before the cut; undefined when it is not built. */
  previous: (CutVersionPlace & { formerLabel: string; formerPath: string }) | undefined;
  /** What the cut changed in the config's `redirects` so that every URL of the docs before it still leads somewhere. */
  redirects: CutRedirects;
  /** Symbolic links in the copied folders that the symlink rule skips, so the new version does not hold them either. */
  warnings: Diagnostic[];
}

interface CopyPlan {
  kind: 'dir' | 'file';
  /** Site-relative paths, `/`-separated. */
  source: string;
  target: string;
}

/**
 * `docgen version cut <name>`: freezes the current docs as version `name` and makes it the latest.
 *
 * Copies `docs/`, the current sidebars and the current translations of every other locale into
 * the folders of the new version, puts `name` first in versions.json and updates the config
 * (see `toConfigTextAfterCut`); pages of the previous latest that the new version lacks get
 * redirects from their old URLs (see `getCutRedirects`). Every refusal happens before anything
 * is written; the writes go to temporaries beside their targets and are renamed into place
 * together, and a failure at any point, including a site that no longer loads after the cut,
 * undoes all of it. So does the next
 * docgen command when the process is killed before the cut finished (see createSnapshot), and a
 * caller that ends the process on a signal runs the undoing first (see `onTemporary`). The
 * cut holds the site cache's lock: it waits for builds and checks of the site, and they for it.
 */
export async function cutVersion(options: CutVersionOptions): Promise<CutVersionResult> {
  const siteDir = resolve(options.siteDir);
  assertValidVersionName(options.name);
  const { lock } = await lockSiteCache(siteDir, options.onWait);
  const forgetLock = options.onTemporary?.(() => lock.release());
  try {
    return await cutVersionLocked(siteDir, options);
  } finally {
    lock.release();
    forgetLock?.();
  }
}

async function cutVersionLocked(siteDir: string, options: CutVersionOptions): Promise<CutVersionResult> {
  const { name } = options;
  const config = readConfig(siteDir);
  const docs = getDocsToCut(config, options.docs);
  const versionsFile = getInstanceFiles(docs.id).versionsFile;
  assertNewVersionName(name, docs);
  assertHasDocs(siteDir, docs);
  const copies = getCopyPlan(siteDir, config, docs, name);
  for (const copy of copies) {
    if (!existsSync(join(siteDir, copy.target))) continue;
    throw new DocgenError(`${copy.target} already exists, but version "${name}" is not in ${versionsFile}`, {
      code: 'version-exists',
      hint: `It is probably left over from an earlier cut: remove ${copy.target} or pick another name.`,
    });
  }
  const before = await loadSite({ siteDir, cache: false, config }).catch((error: unknown) => {
    throw withContext(
      error,
      `Cannot cut version "${name}": ${errorMessage(error)}`,
      'Fix this first (docgen build must succeed); nothing was changed.',
    );
  });

  const versionsPath = join(siteDir, versionsFile);
  const versionsText = existsSync(versionsPath) ? readFileSync(versionsPath, 'utf8') : undefined;
  const configPath = join(siteDir, CONFIG_FILE_NAME);
  const configText = readFileSync(configPath, 'utf8');
  const newConfigText = toConfigTextAfterCut(configText, { name, config, docs });

  const snapshot = createSnapshot(siteDir, { what: `version cut ${name}`, onStep: options.onStep });
  const forgetSnapshot = options.onTemporary?.(() => assertCutUndone(siteDir, name, snapshot.rollback()));
  const warnings: Diagnostic[] = [];
  try {
    for (const copy of copies) {
      const source = join(siteDir, copy.source);
      if (copy.kind === 'file') {
        snapshot.copyFile(source, join(siteDir, copy.target));
        continue;
      }
      // The folder as the build reads it: a followed link is frozen as the file it points at.
      const listing = readFolderFiles({ siteDir, dir: source, kind: 'static' });
      snapshot.copyDir(source, join(siteDir, copy.target), listing.files);
      for (const skipped of listing.skipped) {
        warnings.push({ severity: 'warning', code: 'symlink-skipped', ...describeSkippedLink(siteDir, skipped) });
      }
    }
    snapshot.writeFile(versionsPath, toVersionsJsonText(versionsText, [name, ...docs.versionedNames]));
    if (newConfigText !== configText) snapshot.writeFile(configPath, newConfigText);
    snapshot.commit();
    const loadAfter = (config?: SiteConfig) =>
      loadSite({ siteDir, cache: false, config }).catch((error: unknown) => {
        throw withContext(
          error,
          `Cutting version "${name}" was undone: the site does not load after the cut: ${errorMessage(error)}`,
          'Fix this in the current docs or the config, then cut again; nothing was changed.',
        );
      });
    // The site after the cut without the config's redirects first: which of them still hold, and
    // which old URLs need one, is decided from it.
    const configAfter = readConfig(siteDir);
    const moved = await loadAfter({ ...configAfter, redirects: [] });
    const redirects = getCutRedirects(before.manifest, moved.manifest, configAfter.redirects);
    let finalConfigText = newConfigText;
    if (hasRedirectChanges(redirects)) {
      finalConfigText = toConfigTextWithRedirects(newConfigText, redirects, `docgen version cut ${name}`);
      snapshot.writeFile(configPath, finalConfigText);
      snapshot.commit();
    }
    const after = finalConfigText === newConfigText && configAfter.redirects.length === 0 ? moved : await loadAfter();
    const place = (site: typeof before, version: string) => {
      const found = getDefaultLocaleVersions(site).find((candidate) => candidate.instance === docs.id && candidate.name === version);
      return found && { name: found.name, label: found.label, path: found.path, banner: found.banner };
    };
    snapshot.finish();
    forgetSnapshot?.();
    const formerLast = docs.lastVersion;
    const former = place(before, formerLast);
    const now = place(after, formerLast);
    return {
      siteDir,
      created: [
        ...copies.map((copy) => (copy.kind === 'dir' ? `${copy.target}/` : copy.target)),
        ...(versionsText === undefined ? [versionsFile] : []),
      ],
      updated: [...(versionsText === undefined ? [] : [versionsFile]), ...(finalConfigText === configText ? [] : [CONFIG_FILE_NAME])],
      latest: place(after, name)!,
      previous: former && now ? { ...now, formerLabel: former.label, formerPath: former.path } : undefined,
      redirects,
      warnings,
    };
  } catch (error) {
    const leftovers = snapshot.rollback();
    forgetSnapshot?.();
    if (leftovers.length > 0) {
      throw new DocgenError(`Cutting version "${name}" failed, and some of its files could not be removed: ${errorMessage(error)}`, {
        code: 'version-cut-failed',
        hint: `Remove these by hand: ${leftovers.join(', ')}`,
        cause: error,
      });
    }
    if (isDocgenError(error) || typeof (error as NodeJS.ErrnoException)?.code !== 'string') throw error;
    throw new DocgenError(`Cutting version "${name}" failed and was undone: ${errorMessage(error)}`, {
      code: 'version-cut-failed',
      hint: `Check that ${siteDir} is writable and has free space, then cut again; nothing was changed.`,
      cause: error,
    });
  }
}

/**
 * Throws, after the rollback of a cut stopped from outside (a signal), when the rollback could not
 * put everything back (`leftovers`, absolute paths): what is left, and that the next docgen
 * command in the site undoes the rest (from the journal, which stays).
 */
function assertCutUndone(siteDir: string, name: string, leftovers: string[]): void {
  if (leftovers.length === 0) return;
  const paths = leftovers.map((path) => relative(siteDir, path).split(sep).join('/')).join(', ');
  throw new Error(
    `version cut ${name} was stopped and only partly undone (left: ${paths}); the next docgen command in ${siteDir} (build, check-links, clear, version cut) undoes the rest or names what to restore by hand`,
  );
}

/** The docs instance `id` names (the default one when absent), else an error listing the site's. */
function getDocsToCut(config: SiteConfig, id: string | undefined): DocsConfig {
  const docs = findDocsInstance(config, id ?? DEFAULT_DOCS_ID);
  if (docs) return docs;
  const ids = getDocsInstances(config).map((instance) => instance.id);
  const suggestion = suggestName(id!, ids);
  throw new DocgenError(`The site has no docs instance "${id}"`, {
    code: 'version-no-docs',
    location: { file: CONFIG_FILE_NAME, line: 1, column: 1 },
    hint: suggestion
      ? `Did you mean --docs ${suggestion}?`
      : `Its docs instances: ${ids.join(', ')} (leave --docs out for the docs of "docs").`,
  });
}

/** What to copy: the instance's current docs, their sidebars and the current translations of the other locales. */
function getCopyPlan(siteDir: string, config: SiteConfig, docs: DocsConfig, name: string): CopyPlan[] {
  const { i18n } = config;
  const files = getInstanceFiles(docs.id);
  const plan: CopyPlan[] = [{ kind: 'dir', source: docs.path, target: files.versionedDocsDir(name) }];
  if (docs.sidebarPath !== '' && existsSync(join(siteDir, docs.sidebarPath))) {
    plan.push({ kind: 'file', source: docs.sidebarPath, target: files.versionedSidebarsPath(name) });
  }
  for (const locale of i18n.locales) {
    if (locale === i18n.defaultLocale) continue;
    const docsDir = `${getLocaleDir({ i18n }, locale)}/${files.translationDir}`;
    if (!isDirectory(join(siteDir, docsDir, 'current'))) continue;
    plan.push({ kind: 'dir', source: `${docsDir}/current`, target: `${docsDir}/version-${name}` });
  }
  return plan;
}

function assertHasDocs(siteDir: string, docs: DocsConfig): void {
  const dir = docs.path;
  if (!isDirectory(join(siteDir, dir))) {
    throw new DocgenError(`There are no docs to cut: the folder ${dir}/ does not exist`, {
      code: 'version-no-docs',
      location: { file: CONFIG_FILE_NAME, line: 1, column: 1 },
      hint: `Write the docs of the release in ${dir}/ (or point docs.path at them), then cut the version.`,
    });
  }
  const pages = readFolderFiles({ siteDir, dir: join(siteDir, dir), kind: 'content' }).files.filter(
    (path) => /\.mdx?$/.test(path) && !path.split('/').at(-1)!.startsWith('_'),
  );
  if (pages.length === 0) {
    throw new DocgenError(`There are no docs to cut: ${dir}/ holds no markdown page`, {
      code: 'version-no-docs',
      location: { file: CONFIG_FILE_NAME, line: 1, column: 1 },
      hint: `Add the pages of the release to ${dir}/ as .md files, then cut the version.`,
    });
  }
}

function getDefaultLocaleVersions(site: Awaited<ReturnType<typeof loadSite>>): LoadedVersion[] {
  const { manifest, config } = site;
  return manifest.locales.find((locale) => locale.locale === config.i18n.defaultLocale)?.versions ?? [];
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The same problem with what the cut was doing in front; keeps location, further diagnostics and cause. */
function withContext(error: unknown, message: string, fallbackHint: string): unknown {
  if (!isDocgenError(error)) return error;
  const [first, ...rest] = error.diagnostics;
  const hint = error.hint ?? fallbackHint;
  return new DocgenError(message, {
    code: error.code,
    location: error.location,
    hint,
    cause: error,
    diagnostics: [{ ...first!, severity: 'error', message, hint, location: error.location }, ...rest],
  });
}
