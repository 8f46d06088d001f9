import type { DocsConfig } from '@docgen/types';
import { getInstanceFiles } from '../files/index.js';
import { DocgenError } from '../diagnostics/index.js';

const ALLOWED = /^[A-Za-z0-9._-]+$/;
const EXAMPLE = 'docgen version cut 2511.1';

/**
 * Throws unless `name` can be a folder name (`version-<name>`) and a URL path segment
 * (`/docs/<name>`) on every platform: letters, digits, '.', '-' and '_', without '..' or a leading '.'.
 */
export function assertValidVersionName(name: string): void {
  const refuse = (message: string, hint: string) => new DocgenError(message, { code: 'version-name', hint });
  if (name.trim() === '') {
    throw refuse('The version name is empty', `Give the name of the release, e.g. ${EXAMPLE}`);
  }
  if (name.includes('/') || name.includes('\\')) {
    throw refuse(
      `The version name "${name}" contains a path separator`,
      `A version name is one path segment; use '.', '-' or '_' instead.`,
    );
  }
  if (name.includes('..')) {
    throw refuse(`The version name "${name}" contains "..", which is not allowed`, `Use a name such as 2511.1 or v2-beta.`);
  }
  if (name.startsWith('.')) {
    throw refuse(
      `The version name "${name}" starts with ".", which makes /docs/${name} a hidden path that static hosts may not serve`,
      `Use a name such as 2511.1 or v2-beta.`,
    );
  }
  if (!ALLOWED.test(name)) {
    const bad = [...new Set([...name].filter((char) => !ALLOWED.test(char)))].map((char) => JSON.stringify(char)).join(', ');
    throw refuse(
      `The version name "${name}" contains characters that are not allowed in a URL path segment: ${bad}`,
      `Use only letters, digits, '.', '-' and '_', e.g. ${EXAMPLE}`,
    );
  }
  if (name === 'current') {
    throw refuse(
      'The version name "current" is reserved for the docs/ folder',
      `Name the frozen version after its release, e.g. ${EXAMPLE}`,
    );
  }
}

/**
 * Throws when `name` is already taken: by a version in versions.json (compared without case,
 * for case-insensitive file systems) or by the URL path of another version.
 */
export function assertNewVersionName(name: string, docs: DocsConfig): void {
  const { versionedNames, routeBasePath } = docs;
  const { versionsFile } = getInstanceFiles(docs.id);
  const base = routeBasePath ? `/${routeBasePath}` : '';
  const taken = versionedNames.find((existing) => existing.toLowerCase() === name.toLowerCase());
  if (taken !== undefined) {
    throw new DocgenError(`Version "${taken}" already exists in ${versionsFile}`, {
      code: 'version-exists',
      location: { file: versionsFile, line: 1, column: 1 },
      hint: `Existing versions: ${versionedNames.join(', ')}. Pick a new name, or remove "${taken}" from ${versionsFile} and its folders first.`,
    });
  }
  const owner = Object.entries(getSegmentsAfterCut(docs)).find(([, segment]) => segment === name)?.[0];
  if (owner !== undefined) {
    throw new DocgenError(`The version name "${name}" is the URL path of version "${owner}" (${base}/${name})`, {
      code: 'version-exists',
      hint: `Pick another name: once the new version is no longer the latest it moves to ${base}/<name>.`,
    });
  }
}

/** URL segment of every existing version once the cut made a new version the latest. */
function getSegmentsAfterCut(docs: DocsConfig): Record<string, string> {
  const { versionedNames, versions, includeCurrentVersion, lastVersion } = docs;
  const segments: Record<string, string> = {};
  for (const name of versionedNames) segments[name] = versions[name]?.path || name;
  if (includeCurrentVersion) segments.current = lastVersion === 'current' ? 'next' : (versions.current?.path ?? 'next');
  return segments;
}
