import type { DocsConfig, SiteConfig } from '@docgen/types';
import { DEFAULT_DOCS_ID } from '@docgen/shared/docsInstances';

export { DEFAULT_DOCS_ID, getDocsSearchScope, getVersionKey } from '@docgen/shared/docsInstances';

/** Every docs instance of the site: `docs` first, then `docsInstances` in the order written. */
export function getDocsInstances(config: Pick<SiteConfig, 'docs' | 'docsInstances'>): DocsConfig[] {
  return [config.docs, ...config.docsInstances];
}

/** The docs instance with `id`; undefined when the site has none of that id. */
export function findDocsInstance(config: Pick<SiteConfig, 'docs' | 'docsInstances'>, id: string): DocsConfig | undefined {
  return getDocsInstances(config).find((docs) => docs.id === id);
}

/**
 * Where an instance keeps its files, named as Docusaurus names them: the default instance's
 * `versions.json`, `versioned_docs/version-<name>/`, `versioned_sidebars/version-<name>-sidebars.yaml`
 * and `i18n/<locale>/docs/`; another's with its id: `<id>_versions.json`, `<id>_versioned_docs/`,
 * `<id>_versioned_sidebars/` and `i18n/<locale>/docs-<id>/`.
 */
export function getInstanceFiles(id: string) {
  const prefix = id === DEFAULT_DOCS_ID ? '' : `${id}_`;
  return {
    versionsFile: `${prefix}versions.json`,
    versionedDocsDir: (name: string) => `${prefix}versioned_docs/version-${name}`,
    versionedSidebarsPath: (name: string) => `${prefix}versioned_sidebars/version-${name}-sidebars.yaml`,
    /** The folder of a locale's translations of the instance, below `i18n/<locale>/`. */
    translationDir: id === DEFAULT_DOCS_ID ? 'docs' : `docs-${id}`,
  };
}

/** The versions an instance has, newest first: `current` (when included) then versions.json's. */
export function getKnownVersionNames(docs: DocsConfig): string[] {
  return [...(docs.includeCurrentVersion ? ['current'] : []), ...docs.versionedNames];
}

/** The versions an instance builds: those it has (getKnownVersionNames) that `onlyIncludeVersions` allows. */
export function getVersionNames(docs: DocsConfig): string[] {
  return getKnownVersionNames(docs).filter((name) => !docs.onlyIncludeVersions || docs.onlyIncludeVersions.includes(name));
}

/** The URL segment of a version below its instance's route: '' for the latest, `next` for `current` otherwise. */
function getVersionSegment(docs: DocsConfig, name: string): string {
  return docs.versions[name]?.path ?? (name === docs.lastVersion ? '' : name === 'current' ? 'next' : name);
}

/**
 * The URL path of a version's root in a locale whose base URL is `localeBase` (`/`, `/en/`):
 * `/docs`, `/docs/2506.1`, or with docs at the site root `/`, `/en/`, `/en/2506.1`.
 */
export function getVersionPath(localeBase: string, docs: DocsConfig, name: string): string {
  return localeBase + [docs.routeBasePath, getVersionSegment(docs, name)].filter(Boolean).join('/');
}

/** The label of a version: its configured label, else `Next` for `current`, else its name. */
export function getVersionLabel(docs: DocsConfig, name: string): string {
  return docs.versions[name]?.label ?? (name === 'current' ? 'Next' : name);
}
