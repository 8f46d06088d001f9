/**
 * The data contract of docgen. Types only: no runtime code lives here.
 *
 * Names follow the stage that produces them (see STYLE.md):
 *   config:   SiteConfig (validated, defaults filled)
 *   content:  SourceDoc, SourceBlogPost, SourcePage
 *   compile:  CompiledMarkdown
 *   manifest: SiteManifest, LoadedVersion, Sidebar, RouteEntry
 *   render:   SiteData + RouteData, the only things the theme ever sees (Prop* types)
 */
export type * from './config.js';
export type * from './diagnostics.js';
export type * from './content.js';
export type * from './manifest.js';
export type * from './props.js';
export type * from './seo.js';
