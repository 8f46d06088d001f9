/**
 * What a run renders and keeps: the site model as planBuild sees it (each route's input hash,
 * sidebar files, search indexes), the plan, the files it carries over and the sidebars it writes.
 */
import type { SearchScope, SiteData, SiteManifest } from '@docgen/types';
import { getSidebarFilePath } from '@docgen/shared/outputPaths';
import { getSearchIndexFilePath } from '@docgen/shared/search';
import type { OutputWriter } from '../output/index.js';
import type { LocaleSetup } from '../workers/tasks.js';
import {
  hashText,
  planBuild,
  toInputData,
  toRouteKey,
  type BuildPlan,
  type OutputState,
  type PlanLocale,
  type RouteInputHasher,
  type RouteInputs,
} from './buildPlan.js';
import { createShownSidebarKeys } from '../render/index.js';
import { keepSearchFiles } from './writeSearch.js';

type PlanLocalesInput = Parameters<typeof toPlanLocales>[0];

/**
 * The plan of a run (see planBuild), its files carried over from the previous output kept, and the
 * sidebars it does not reuse written (`sidebarsWritten`: whether it wrote any).
 */
export function planRoutes(input: PlanLocalesInput & { rerender: ReadonlySet<string>; output: OutputWriter }) {
  const { previous, output } = input;
  const modelled = toPlanLocales(input);
  const plan = planBuild({ previous, locales: modelled.locales, rerender: input.rerender });
  for (const file of plan.carried) {
    // A carried search index keeps its shards and detail chunks with its manifest.
    if (previous?.searchIndexes[file] !== undefined) keepSearchFiles(output, file);
    else output.keep(file);
  }
  return { ...modelled, plan, sidebarsWritten: writeSidebars({ manifest: input.manifest, plan, output }) };
}

/**
 * The site model as planBuild sees it: every locale's routes with the hash of their inputs (built
 * locales only), sidebar files and search indexes.
 */
function toPlanLocales(input: {
  manifest: SiteManifest;
  buildId: string;
  renderLocales: ReadonlySet<string>;
  previous: OutputState | undefined;
  hasher: RouteInputHasher;
  /** What every page of the site shows besides its locale's site data (see toSiteKey). */
  siteInputs: SiteInputs;
  /**
   * Routes get no hash of their inputs yet (there is no previous output to compare with):
   * `hashRouteInputs` makes them, by route key, once the caller has started rendering.
   */
  deferRouteHashes?: boolean;
  /** What every search index shows besides its pages' content: the site components' bundle, whose text the index holds. */
  searchInput?: string;
  /** Given the JSON of each route's inputs that is serialised to be hashed (see RouteInputHasher.hash). */
  onRouteText?: (key: string, text: string) => void;
}) {
  const { manifest, buildId, renderLocales, previous, hasher } = input;
  const searchKey = (scope: SearchScope) => toSearchIndexKey(scope.key, input.searchInput);
  const scopes = new Map<string, SearchScope[]>();
  const siteKeys = new Map<string, string>();
  const deferred: (() => [key: string, inputs: string])[] = [];
  const locales = manifest.locales.map((locale): PlanLocale => {
    const localeScopes = locale.searchScopes;
    scopes.set(locale.locale, localeScopes);
    const built = renderLocales.has(locale.locale);
    const siteKey = toSiteKey(locale.site, input.siteInputs);
    siteKeys.set(locale.locale, siteKey);
    const shownKeys = new Map<string, (pathname: string) => string>();
    const shownKey = (url: string, pathname: string) => {
      let keyOf = shownKeys.get(url);
      if (!keyOf) {
        const sidebar = locale.sidebarFiles[url.slice(url.lastIndexOf('/') + 1)];
        // A file the locale does not have (none is named so): its name stands for it.
        shownKeys.set(url, (keyOf = sidebar ? createShownSidebarKeys(sidebar, hashText) : () => url));
      }
      return keyOf(pathname);
    };
    const routes = built
      ? locale.routes.map((route) => {
          const key = toRouteKey(locale.locale, route.path);
          const onText = input.onRouteText && ((text: string) => input.onRouteText!(key, text));
          const hash = () => {
            const inputs: RouteInputs = [siteKey, toInputData(route.data, shownKey), route.slots, route.componentModule];
            return hasher.hash(key, inputs, previous?.routes[key]?.inputs, onText);
          };
          if (!input.deferRouteHashes) return { path: route.path, inputs: hash() };
          deferred.push(() => [key, hash()]);
          return { path: route.path, inputs: '' };
        })
      : [];
    return {
      locale: locale.locale,
      built,
      routes,
      sidebarFiles: Object.keys(locale.sidebarFiles).map((fileName) => getSidebarFilePath(fileName)),
      searchIndexes: localeScopes.map((scope) => ({
        file: getSearchIndexFilePath(buildId, locale.locale, scope.scope),
        key: searchKey(scope),
      })),
    };
  });
  const hashRouteInputs = input.deferRouteHashes ? () => deferred.map((make) => make()) : undefined;
  return { locales, scopes, siteKeys, hashRouteInputs };
}

/** What every page of the site shows besides its locale's site data: the theme's assets and bundle, and the site components' bundle. */
export interface SiteInputs {
  assets: LocaleSetup['assets'];
  themeKey: string;
  /** The site components' bundle (IslandsSetup's key), when pages show any. */
  islandsKey: string | undefined;
}

/** The first of a locale's route inputs (RouteInputs): a hash of its site data and the site's inputs. */
export function toSiteKey(site: SiteData, { assets, themeKey, islandsKey }: SiteInputs): string {
  return hashText(JSON.stringify([site, assets, themeKey, islandsKey ?? '']));
}

/** What a search index is made of (recorded in OutputState.searchIndexes): its scope's pages, and the site components' bundle when there is one. */
export function toSearchIndexKey(scopeKey: string, searchInput: string | undefined): string {
  return searchInput ? hashText(`${scopeKey}\0${searchInput}`) : scopeKey;
}

/** Writes the sidebars the plan does not reuse from the output; whether it wrote any. */
function writeSidebars(input: { manifest: SiteManifest; plan: BuildPlan; output: OutputWriter }): boolean {
  const { manifest, plan, output } = input;
  let written = false;
  for (const locale of plan.locales) {
    const { sidebarFiles } = manifest.locales.find((candidate) => candidate.locale === locale.locale)!;
    for (const { file, reuse } of locale.sidebars) {
      if (reuse && output.keep(file)) continue;
      output.write(file, JSON.stringify(sidebarFiles[file.slice(getSidebarFilePath('').length)]));
      written = true;
    }
  }
  return written;
}
