import { statSync } from 'node:fs';
import { sep } from 'node:path';
import { getSitePathVerdict, readFolderFiles, type FolderFiles, type FolderKind, type SkippedLink } from '../files/index.js';

/** A change the file watcher saw: `change` edits a file, the others change folder listings. */
export interface FileChange {
  path: string;
  kind: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
}

/** Whether docgen may read a path of the site (see files/readFolderFiles.ts), and the link it skipped if not. */
export interface FoundPath {
  exists: boolean;
  skipped?: SkippedLink;
}

/**
 * What reading the site's sources learned, kept between the dev server's rebuilds: parsed files
 * by absolute path, whether a path exists, and folder listings. The watcher's changes say what to
 * forget (`forget`); a build without a watcher starts from an empty cache. Cached values are
 * frozen: every rebuild shares them.
 */
export class ContentCache {
  /** Absolute path -> parser name -> parsed value. */
  private readonly parsed = new Map<string, Map<string, unknown>>();
  private readonly existing = new Map<string, FoundPath & { siteDir: string }>();
  private readonly listings = new Map<string, FolderFiles & { siteDir: string; dir: string; kind: FolderKind }>();

  /** The parsed file at `absolutePath`, parsed by `parse` when not known (`kind` names the parser). */
  read<T>(absolutePath: string, kind: string, parse: () => T): T {
    let byKind = this.parsed.get(absolutePath);
    if (byKind?.has(kind)) return byKind.get(kind) as T;
    const value = deepFreeze(parse());
    if (!byKind) this.parsed.set(absolutePath, (byKind = new Map()));
    byKind.set(kind, value);
    return value;
  }

  /** Whether the file or folder at `absolutePath` exists and the symlink rule lets docgen read it. */
  find(siteDir: string, absolutePath: string): FoundPath {
    let found = this.existing.get(absolutePath);
    if (found === undefined) {
      const verdict = getSitePathVerdict(siteDir, absolutePath);
      found = Object.freeze(
        verdict.type === 'skipped' ? { exists: false, skipped: verdict.skipped, siteDir } : { exists: verdict.type === 'inside', siteDir },
      );
      this.existing.set(absolutePath, found);
    }
    return found;
  }

  exists(siteDir: string, absolutePath: string): boolean {
    return this.find(siteDir, absolutePath).exists;
  }

  /** The files below `dir` under the symlink rule (none when it does not exist); see readFolderFiles. */
  list(siteDir: string, dir: string, kind: FolderKind): FolderFiles {
    const key = `${kind}\0${dir}`;
    let listing = this.listings.get(key);
    if (!listing) {
      listing = deepFreeze({ ...readFolderFiles({ siteDir, dir, kind }), siteDir, dir, kind });
      this.listings.set(key, listing);
    }
    return listing;
  }

  /**
   * What changed on disk, of what this cache holds, since `since` (milliseconds since the epoch):
   * files written to or removed, paths that appeared or went, listings that gained or lost a
   * file. For a file watcher started after the reading (see startDevServer), whose events tell
   * only of what changed once it was ready.
   */
  findChangedSince(since: number): FileChange[] {
    const changes: FileChange[] = [];
    for (const path of this.parsed.keys()) {
      const stats = statSync(path, { throwIfNoEntry: false });
      if (!stats) changes.push({ kind: 'unlink', path });
      // ctime too: a file moved in keeps its mtime.
      else if (Math.max(stats.mtimeMs, stats.ctimeMs) >= since) changes.push({ kind: 'change', path });
    }
    for (const [path, found] of this.existing) {
      if ((getSitePathVerdict(found.siteDir, path).type === 'inside') !== found.exists) {
        changes.push({ kind: found.exists ? 'unlink' : 'add', path });
      }
    }
    for (const listing of this.listings.values()) {
      const now = readFolderFiles(listing);
      if (now.files.join('\0') !== listing.files.join('\0')) changes.push({ kind: 'addDir', path: listing.dir });
    }
    return changes;
  }

  /**
   * `changes` and the same changes where followed symbolic links show the changed files: the
   * watcher reports a file at its real path, while it was read at the path through the link.
   */
  withLinkedPaths(changes: FileChange[]): FileChange[] {
    const links = [...this.listings.values()].flatMap((listing) => listing.links);
    if (links.length === 0) return changes;
    const linked: FileChange[] = [];
    for (const change of changes) {
      for (const [realPath, linkPath] of links) {
        if (change.path === realPath) linked.push({ ...change, path: linkPath });
        else if (change.path.startsWith(realPath + sep)) linked.push({ ...change, path: linkPath + change.path.slice(realPath.length) });
      }
    }
    return linked.length === 0 ? changes : [...changes, ...linked];
  }

  /** Forgets what `changes` make stale: an edited file's contents; for added or removed paths also every listing. */
  forget(changes: FileChange[]): void {
    for (const change of changes) {
      if (change.kind !== 'change') {
        this.existing.clear();
        this.listings.clear();
      }
      this.parsed.delete(change.path);
      if (change.kind === 'unlinkDir') {
        for (const path of this.parsed.keys()) if (path.startsWith(change.path + sep)) this.parsed.delete(path);
      }
    }
  }

  clear(): void {
    this.parsed.clear();
    this.existing.clear();
    this.listings.clear();
  }
}

/** Freezes `value` and what its properties hold. A frozen object is taken as frozen through (an unread source, whose getters must not be called: see unchangedSources.ts). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
