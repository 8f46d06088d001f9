import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element, Nodes, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { DocgenError } from '../src/diagnostics/index.js';

/** Absolute path of a fixture site under test/fixtures/. Fixtures are read-only: copy them to edit. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}

const tempDirs: string[] = [];

/** A fresh empty folder in the OS temp folder; removed by `removeTempDirs()`. */
export function makeTempDir(prefix = 'docgen-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** A site of `files` (by site path) in a fresh temp folder; returns its path. */
export function writeSite(files: Record<string, string>, prefix?: string): string {
  const siteDir = makeTempDir(prefix);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), text);
  }
  return siteDir;
}

/** Copies a fixture site into a fresh temp folder and returns the copy's path. */
export function copyFixture(name: string): string {
  const dir = join(makeTempDir(`docgen-${name}-`), name);
  cpSync(fixturePath(name), dir, { recursive: true });
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Runs `run` and returns the DocgenError it throws; fails the test when it throws nothing or something else. */
export function catchDocgenError(run: () => unknown): DocgenError {
  try {
    run();
  } catch (error) {
    if (error instanceof DocgenError) return error;
    throw new Error(`Expected a DocgenError, got: ${String(error)}`, { cause: error });
  }
  throw new Error('Expected a DocgenError, but nothing was thrown');
}

export async function catchDocgenErrorAsync(run: () => Promise<unknown>): Promise<DocgenError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DocgenError) return error;
    throw new Error(`Expected a DocgenError, got: ${String(error)}`, { cause: error });
  }
  throw new Error('Expected a DocgenError, but nothing was thrown');
}

/** Every element of a hast tree, in document order, that matches `test`. */
export function findElements(tree: Root | Element, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  visit(tree, 'element', (node: Element) => {
    if (test(node)) found.push(node);
  });
  return found;
}

export function elementsByTag(tree: Root | Element, tagName: string): Element[] {
  return findElements(tree, (element) => element.tagName === tagName);
}

export function textOf(node: Nodes): string {
  return hastToString(node);
}

export function classNames(element: Element): string[] {
  const value: unknown = element.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(' ') : [];
}

/** Every file below `dir` with its bytes (base64), keyed by relative path: a byte-for-byte picture of a folder. */
export function snapshotDir(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[relative(dir, full)] = readFileSync(full).toString('base64');
    }
  };
  walk(dir);
  return files;
}
