/**
 * The symlink rule of docgen, in one place: every listing of site files (docs, blog, pages,
 * i18n, static, versioned docs) and every lookup of a single site file goes through here, in
 * `build`, `serve --watch` and `check-links` alike.
 *
 * A symbolic link is followed when its real target stays inside the site folder (the folder
 * given to the command; not its git repository, which may be a whole monorepo or a home folder
 * kept in git, and not present in every copy of the site). Any other link is skipped with one
 * warning naming it and its target: a target outside the site folder, a target that does not
 * exist, and a folder that leads back into itself (a loop), which is never read twice. A content
 * folder the config names outside the site folder (`docs.path: ../docs`) is taken as written,
 * and links inside it may also stay inside it.
 */
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertNever } from '../diagnostics/index.js';

/** A symbolic link docgen did not follow, and why. */
export interface SkippedLink {
  /** Absolute path of the link, as found (through followed links). */
  link: string;
  /** Where the link really is (its folder's real path): one link met through two paths is one link. */
  realLink: string;
  /** Where it points: its real target, or what the link holds when that does not exist. */
  target: string;
  reason: 'outside' | 'broken' | 'loop';
}

/**
 * What is skipped while listing. `content` (docs, blog, pages, i18n): dot files and folders,
 * folders starting with `_` (partials) and `node_modules`. `static`: nothing, every file is copied.
 */
export type FolderKind = 'content' | 'static';

export interface FolderFiles {
  /** Paths relative to the folder, with `/`, sorted. A file reached through a followed link is named by the path through the link. */
  files: string[];
  /** Real path -> the path it is also read at, for every followed link (an edit of the one changes what is read at the other). */
  links: [realPath: string, linkPath: string][];
  skipped: SkippedLink[];
  /** Folders that could not be read (a path longer than the file system allows, no permission), left out with their contents. */
  unreadable: UnreadableFolder[];
}

/** A folder a listing could not read, and the system's code for why (`ENAMETOOLONG`, `EACCES`). */
export interface UnreadableFolder {
  path: string;
  code: string;
}

/** Whether `path` is `folder` or inside it (both absolute and normalized). */
export function isInsideFolder(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isSkipped(kind: FolderKind, name: string, isFolder: boolean): boolean {
  if (kind === 'static') return false;
  return name.startsWith('.') || (isFolder && (name.startsWith('_') || name === 'node_modules'));
}

export interface ReadFolderOptions {
  siteDir: string;
  /** Absolute path of the folder to list. */
  dir: string;
  kind: FolderKind;
  /** Also leaves out these files and folders (by path relative to `dir`, with `/`). */
  ignore?: (relativePath: string) => boolean;
}

/**
 * Lists the files of a folder under the symlink rule (see above). A missing folder has no
 * files. Never recursive: a folder may be as deep as the file system allows; one it does not let
 * be read is listed as unreadable.
 */
export function readFolderFiles({ siteDir, dir, kind, ignore }: ReadFolderOptions): FolderFiles {
  const result: FolderFiles = { files: [], links: [], skipped: [], unreadable: [] };
  const root = resolve(dir);
  const verdict = getSitePathVerdict(siteDir, root);
  if (verdict.type !== 'inside') {
    if (verdict.type === 'skipped') result.skipped.push(verdict.skipped);
    return result;
  }
  if (!statSync(verdict.realPath).isDirectory()) return result;
  const bounds = [verdict.realSite, ...(isInsideFolder(root, resolve(siteDir)) ? [] : [verdict.realPath])];
  if (root !== verdict.realPath) result.links.push([verdict.realPath, root]);
  // Folders to read: the path through links, and the real paths of it and its parents on this walk.
  const stack: { path: string; relativePath: string; realAncestors: string[] }[] = [
    { path: root, relativePath: '', realAncestors: [verdict.realPath] },
  ];
  while (stack.length > 0) {
    const folder = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(folder.path, { withFileTypes: true });
    } catch (error) {
      // Gone since its parent was read: nothing to say. Else it is reported (see UnreadableFolder).
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      if (code !== 'ENOENT') result.unreadable.push({ path: folder.path, code });
      continue;
    }
    const realFolder = folder.realAncestors[folder.realAncestors.length - 1]!;
    for (const entry of entries) {
      const path = join(folder.path, entry.name);
      const relativePath = folder.relativePath === '' ? entry.name : `${folder.relativePath}/${entry.name}`;
      if (ignore?.(relativePath)) continue;
      if (!entry.isSymbolicLink()) {
        if (entry.isDirectory()) {
          if (isSkipped(kind, entry.name, true)) continue;
          stack.push({ path, relativePath, realAncestors: [...folder.realAncestors, join(realFolder, entry.name)] });
        } else if (entry.isFile() && !isSkipped(kind, entry.name, false)) {
          result.files.push(relativePath);
        }
        continue;
      }
      const realLink = join(realFolder, entry.name);
      const target = realPathOf(path);
      if (target === undefined) {
        if (!isSkipped(kind, entry.name, false))
          result.skipped.push({ link: path, realLink, target: readLinkText(path), reason: 'broken' });
        continue;
      }
      const stats = statSync(target);
      if (isSkipped(kind, entry.name, stats.isDirectory())) continue;
      if (!bounds.some((bound) => isInsideFolder(target, bound))) {
        result.skipped.push({ link: path, realLink, target, reason: 'outside' });
      } else if (stats.isDirectory()) {
        // A folder that holds the link (or a folder this walk came through) would be read again and again.
        if (folder.realAncestors.some((ancestor) => isInsideFolder(ancestor, target))) {
          result.skipped.push({ link: path, realLink, target, reason: 'loop' });
          continue;
        }
        result.links.push([target, path]);
        stack.push({ path, relativePath, realAncestors: [...folder.realAncestors, target] });
      } else if (stats.isFile()) {
        result.links.push([target, path]);
        result.files.push(relativePath);
      }
    }
  }
  result.files.sort();
  return result;
}

function readLinkText(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

/**
 * Whether docgen may read the file or folder at `path` (absolute) under the symlink rule:
 * `inside` with its real path, `missing`, or `skipped` naming the link on the way that leads
 * outside the site folder or nowhere. A path outside the site folder (where the config points)
 * is taken as written.
 */
export function getSitePathVerdict(
  siteDir: string,
  path: string,
): { type: 'inside'; realPath: string; realSite: string } | { type: 'missing' } | { type: 'skipped'; skipped: SkippedLink } {
  const site = resolve(siteDir);
  const realSite = realPathOf(site) ?? site;
  const realPath = realPathOf(path);
  const lexicallyInside = isInsideFolder(resolve(path), site);
  if (realPath !== undefined && (!lexicallyInside || isInsideFolder(realPath, realSite))) return { type: 'inside', realPath, realSite };
  if (!lexicallyInside) return { type: 'missing' };
  // Which link on the way from the site folder leads outside it, or nowhere.
  let current = site;
  for (const part of relative(site, resolve(path)).split(sep)) {
    current = join(current, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch {
      return { type: 'missing' };
    }
    if (!isLink) continue;
    const realLink = join(realPathOf(dirname(current)) ?? dirname(current), part);
    const target = realPathOf(current);
    if (target === undefined)
      return { type: 'skipped', skipped: { link: current, realLink, target: readLinkText(current), reason: 'broken' } };
    if (!isInsideFolder(target, realSite)) return { type: 'skipped', skipped: { link: current, realLink, target, reason: 'outside' } };
  }
  return { type: 'missing' };
}

/** One line for a skipped link, with paths inside the site shown relative to it. */
export function describeSkippedLink(siteDir: string, skipped: SkippedLink): { message: string; hint: string } {
  const site = resolve(siteDir);
  const show = (path: string) => (isInsideFolder(path, site) ? relative(site, path).split(sep).join('/') : path);
  const link = show(skipped.link);
  switch (skipped.reason) {
    case 'outside':
      return {
        message: `Symbolic link ${link} -> ${skipped.target} skipped: its target is outside the site folder`,
        hint: 'docgen follows links only into the site folder. Copy the files into the site, or move the site folder so that it holds them.',
      };
    case 'broken':
      return {
        message: `Symbolic link ${link} -> ${skipped.target} skipped: its target does not exist`,
        hint: `Point the link at an existing file or folder inside the site, or delete it.`,
      };
    case 'loop':
      return {
        message: `Symbolic link ${link} -> ${show(skipped.target)} skipped: it leads back into a folder that holds it (a loop)`,
        hint: 'Point the link at a folder that does not contain it, or delete it.',
      };
    default:
      return assertNever(skipped.reason, 'skipped link reason');
  }
}

/** Why folders could not be read, for a message: by the system's code. */
const UNREADABLE_REASONS: Record<string, string> = {
  ENAMETOOLONG: 'a path longer than the file system allows',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/**
 * One warning for the folders a listing left out because they could not be read, by reason, with
 * how many and the first (paths inside the site relative to it, cut short when very long).
 */
export function describeUnreadableFolders(siteDir: string, folders: UnreadableFolder[]): { message: string; hint: string }[] {
  const site = resolve(siteDir);
  const byReason = new Map<string, UnreadableFolder[]>();
  for (const folder of folders) {
    const reason = UNREADABLE_REASONS[folder.code] ?? folder.code;
    byReason.set(reason, [...(byReason.get(reason) ?? []), folder]);
  }
  return [...byReason].map(([reason, list]) => {
    const first = isInsideFolder(list[0]!.path, site) ? relative(site, list[0]!.path).split(sep).join('/') : list[0]!.path;
    const shown = first.length > 120 ? `${first.slice(0, 60)}…${first.slice(-50)}` : first;
    const count = list.length === 1 ? 'A folder was' : `${list.length} folders were`;
    return {
      message: `${count} left out with everything in it, as it could not be read (${reason}): ${shown}`,
      hint: 'Move its files to a shorter path or give read access to it; its pages and files are not in the site.',
    };
  });
}
