/**
 * The data contract of docgen. Types only: no runtime code lives here.
 *
 * Names follow the stage that produces them (see STYLE.md):
 *   config:   SiteConfig (validated, defaults filled)
 *   content:  SourceDoc, SourceBlogPost, SourcePage
 *   compile:  CompiledMarkdown, and the elements its content holds for the theme (ContentElements)
 *   manifest: SiteManifest, LoadedVersion, Sidebar, ManifestRoute, and the props it makes for the
 *             theme: SiteData + RouteData, PropSidebar (Prop* types), the only things the theme sees
 *   render:   RouteData with its `html` filled, RenderedSummary
 */
export type * from './config.js';
export type * from './diagnostics.js';
export type * from './content.js';
export type * from './contentElements.js';
export type * from './manifest.js';
export type * from './props.js';
export type * from './seo.js';
export type * from './pdf.js';
