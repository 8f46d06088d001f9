import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fg from 'fast-glob';

/** A change the file watcher saw: `change` edits a file, the others change folder listings. */
export interface FileChange {
  path: string;
  kind: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
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
  private readonly existing = new Map<string, boolean>();
  private readonly listings = new Map<string, string[]>();

  /** The parsed file at `absolutePath`, parsed by `parse` when not known (`kind` names the parser). */
  read<T>(absolutePath: string, kind: string, parse: () => T): T {
    let byKind = this.parsed.get(absolutePath);
    if (byKind?.has(kind)) return byKind.get(kind) as T;
    const value = deepFreeze(parse());
    if (!byKind) this.parsed.set(absolutePath, (byKind = new Map()));
    byKind.set(kind, value);
    return value;
  }

  exists(absolutePath: string): boolean {
    let exists = this.existing.get(absolutePath);
    if (exists === undefined) {
      exists = existsSync(absolutePath);
      this.existing.set(absolutePath, exists);
    }
    return exists;
  }

  /** Sorted files under `cwd` matching `patterns` (none when `cwd` does not exist). */
  glob(cwd: string, patterns: string[], ignore: string[]): string[] {
    const key = JSON.stringify([cwd, patterns, ignore]);
    let files = this.listings.get(key);
    if (!files) {
      files = this.exists(cwd) ? fg.sync(patterns, { cwd, ignore, onlyFiles: true, dot: false }).sort() : [];
      this.listings.set(key, Object.freeze(files) as string[]);
    }
    return files;
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

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
