import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of the Docusaurus site as they are before its code runs, to tell afterwards what it
 * changed: migrate runs the site's config with the user's rights, in the site's folder, and does
 * not stop it writing there; it reports what was written (MIGRATION.md and the terminal). What
 * package managers and builds keep (node_modules, .git, the build output `build/`, Docusaurus's
 * `.docusaurus/`) is not looked at.
 */
export type SourceState = Map<string, { size: number; mtimeMs: number; ctimeMs: number; kind: 'file' | 'link' }>;

export interface SourceChange {
  /** `/`-separated, relative to the site. */
  file: string;
  change: 'created' | 'changed' | 'deleted';
}

/** Folders not compared: anywhere (`node_modules`, `.git`) or at the site's top (`build`, `.docusaurus`). */
const SKIPPED_ANYWHERE = new Set(['node_modules', '.git']);
const SKIPPED_AT_TOP = new Set(['build', '.docusaurus']);

export const SKIPPED_FOLDERS = ['node_modules', '.git', 'build', '.docusaurus'];

export function readSourceState(siteDir: string): SourceState {
  const state: SourceState = new Map();
  const walk = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // Unreadable (or gone): nothing to compare in it.
      return;
    }
    for (const entry of entries) {
      if (SKIPPED_ANYWHERE.has(entry.name) || (prefix === '' && SKIPPED_AT_TOP.has(entry.name))) continue;
      const path = join(dir, entry.name);
      const file = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        walk(path, `${file}/`);
        continue;
      }
      try {
        // A symbolic link is compared as a link (not followed: a folder it leads to may be anywhere).
        const stat = lstatSync(path);
        state.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, kind: stat.isSymbolicLink() ? 'link' : 'file' });
      } catch {
        // Gone between the listing and now.
      }
    }
  };
  walk(siteDir, '');
  return state;
}

/** What differs between two states of the site, by file. */
export function compareSourceStates(before: SourceState, after: SourceState): SourceChange[] {
  const changes: SourceChange[] = [];
  for (const [file, was] of before) {
    const now = after.get(file);
    if (!now) changes.push({ file, change: 'deleted' });
    else if (now.size !== was.size || now.mtimeMs !== was.mtimeMs || now.ctimeMs !== was.ctimeMs || now.kind !== was.kind)
      changes.push({ file, change: 'changed' });
  }
  for (const file of after.keys()) if (!before.has(file)) changes.push({ file, change: 'created' });
  return changes.sort((a, b) => a.file.localeCompare(b.file));
}

/** `created docs/new.md, changed sidebars.js` (the first `limit`, then how many more). */
export function summarizeSourceChanges(changes: SourceChange[], limit = 5): string {
  const listed = changes.slice(0, limit).map((entry) => `${entry.change} ${entry.file}`);
  if (changes.length > limit) listed.push(`and ${changes.length - limit} more`);
  return listed.join(', ');
}
