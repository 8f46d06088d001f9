/** A folder of a version's docs tree, described by its `_category_.yaml`. */
export interface Folder {
  /** Path under the version's docs folder, e.g. `guide/basics/concepts`. */
  path: string;
  label: string;
  /** `position` in `_category_.yaml`: 1-based among its siblings. */
  position: number;
  /** 1 for a top folder, 2 below it, 3 for a leaf folder. */
  depth: 1 | 2 | 3;
}

/** The folders of a version and where its pages go. */
export interface FolderTree {
  /** Every folder: the top ones, then the second level, then the leaves. */
  folders: Folder[];
  /** Index (0-based, within the version) of the first page that goes into a leaf folder. */
  firstLeafPage: number;
  /**
   * The folder of the version's k-th page: the first pages go one per top and second-level folder
   * (their overview pages), the rest round-robin into the leaves.
   */
  placeFolder(k: number): Folder;
}

/** A folder's name on disk and its Korean label. */
export type FolderName = readonly [name: string, label: string];

/** One level of a folder tree: its names and how many folders each parent holds. */
export interface FolderLevel {
  /** Names and labels of the level's folders; past the end they come round again numbered (`guide-2`, `가이드 2`). */
  names: readonly (readonly [name: string, label: string, ...rest: string[]])[];
  /** Folders under each folder of the level above (at the top: top folders). */
  count: number;
}

/**
 * Three levels of folders: `levels[0].count` top folders, each with `levels[1].count` folders,
 * each with `levels[2].count` leaf folders. `label` names a folder from the names of its path
 * (top first).
 */
export function createFolderTree(
  levels: readonly [FolderLevel, FolderLevel, FolderLevel],
  label: (path: readonly FolderName[]) => string,
): FolderTree {
  const byDepth: [Folder[], Folder[], Folder[]] = [[], [], []];
  const visit = (depth: 0 | 1 | 2, parent: readonly FolderName[]) => {
    const level = levels[depth];
    for (let i = 0; i < level.count; i++) {
      const path = [...parent, nameAt(level.names, i)];
      byDepth[depth].push({
        path: path.map(([name]) => name).join('/'),
        label: label(path),
        position: i + 1,
        depth: (depth + 1) as Folder['depth'],
      });
      if (depth < 2) visit((depth + 1) as 1 | 2, path);
    }
  };
  visit(0, []);
  const [tops, seconds, leaves] = byDepth;
  const overviews = [...tops, ...seconds];
  return {
    folders: [...tops, ...seconds, ...leaves],
    firstLeafPage: overviews.length,
    placeFolder: (k) => overviews[k] ?? leaves[(k - overviews.length) % leaves.length]!,
  };
}

function nameAt(names: FolderLevel['names'], i: number): FolderName {
  const [name, label] = names[i % names.length]!;
  const round = Math.floor(i / names.length) + 1;
  return round === 1 ? [name, label] : [`${name}-${round}`, `${label} ${round}`];
}
