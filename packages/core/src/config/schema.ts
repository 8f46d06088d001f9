import * as z from '../vendor/zod.js';
import { CODE_THEME_NAMES } from './codeThemes.js';

/**
 * The one schema of `docgen.config.yaml`. It validates the file, fills defaults and emits the
 * JSON Schema that editors use for completion (`docgen config-schema`).
 */

const position = z.enum(['left', 'right']).default('right').describe('Side of the navbar; right when absent.');

const linkFields = {
  label: z.string().min(1),
  to: z.string().optional().describe('Internal path, resolved against the locale base URL.'),
  href: z.string().optional().describe('Full URL; opens in a new tab when external.'),
};

const linkItem = z.strictObject(linkFields);

/** An item of a navbar dropdown: a link, a doc, or the first page of a sidebar (of the version the reader is in). */
/** The docs instance a navbar item leads into (Docusaurus's `docsPluginId`); `docs` when absent. */
const docsPluginId = z
  .string()
  .min(1)
  .optional()
  .describe('Id of the docs instance (docsInstances) the item leads into; the default docs when absent.');

const dropdownItem = z.union([
  linkItem,
  z.strictObject({ type: z.literal('doc'), docId: z.string().min(1), label: z.string().min(1), docsPluginId }),
  z.strictObject({ type: z.literal('docSidebar'), sidebarId: z.string().min(1), label: z.string().min(1), docsPluginId }),
]);

export const NAVBAR_ITEM_TYPES = ['default', 'doc', 'docSidebar', 'dropdown', 'docsVersionDropdown', 'localeDropdown', 'html'] as const;

/** HTML the config shows on every page: shown as raw HTML in a page is (without scripts). */
const html = z.string().describe('HTML, shown as raw HTML in a page is: scripts, event handlers and script URLs are removed.');

/**
 * An item of a footer column: a link, or HTML. One object rather than a union, so that a wrong
 * field is reported by its name (a union says only "Invalid input").
 */
const footerItem = z
  .strictObject({ label: linkFields.label.optional(), to: linkFields.to, href: linkFields.href, html: html.optional() })
  .superRefine((item, context) => {
    if (item.html === undefined && item.label === undefined)
      context.addIssue({ code: 'custom', message: 'a link (label with to or href) or html' });
  })
  .transform((item) => (item.html !== undefined ? { html: item.html } : { label: item.label!, to: item.to, href: item.href }));

const navbarItem = z.union([
  z.strictObject({ type: z.literal('default').default('default'), position, ...linkFields }),
  z.strictObject({ type: z.literal('doc'), docId: z.string().min(1), label: z.string().min(1), position, docsPluginId }),
  z.strictObject({ type: z.literal('docSidebar'), sidebarId: z.string().min(1), label: z.string().min(1), position, docsPluginId }),
  z.strictObject({ type: z.literal('dropdown'), label: z.string().min(1), position, items: z.array(dropdownItem) }),
  z.strictObject({
    type: z.literal('docsVersionDropdown'),
    position,
    versions: z.array(z.string()).optional().describe('Version names to list; all when absent.'),
    docsPluginId,
  }),
  z.strictObject({ type: z.literal('localeDropdown'), position }),
  z.strictObject({ type: z.literal('html'), value: html, position, className: z.string().optional() }),
]);

const localeConfig = z.strictObject({
  label: z.string(),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  htmlLang: z.string(),
  calendar: z.string().default('gregory'),
  path: z.string().optional().describe('URL segment and i18n folder name; the locale name when absent.'),
});

const versionOptions = z.strictObject({
  label: z.string().optional(),
  path: z.string().optional().describe("URL segment under the docs path; '' serves the version at the docs root."),
  banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
});

const routeBasePath = z
  .string()
  .regex(
    /^[^/](.*[^/])?$/,
    'a path such as blog, without a leading or trailing "/" (serving the blog at the site root is not supported yet)',
  );

/** The docs' URL path: `docs`, `guides/api`, or '' (also written `/`) for docs at the site root. */
const docsRouteBasePath = z
  .string()
  .regex(/^\/*([^/]+(\/[^/]+)*)?\/*$/, 'a path such as docs or guides/api, or "/" for docs at the site root')
  .transform((path) => path.replace(/^\/+|\/+$/g, ''))
  .describe("URL path of the docs: 'docs', or '/' for docs at the site root (Docusaurus's docs-only mode).");

const cssColor = z.string().regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([^)]*\)|hsla?\([^)]*\))$/, 'a CSS colour such as #1877F2');

/** A plugin by package name, or `[name, options]`. */
const markdownPlugin = z.union([z.string().min(1), z.tuple([z.string().min(1), z.unknown()])]);

/** Placeholders an `editUrl` template may hold, by section (see getEditUrl in the manifest stage). */
export const EDIT_URL_PLACEHOLDERS = {
  docs: ['versionDocsDirPath', 'path', 'docPath', 'locale', 'version'],
  blog: ['blogDirPath', 'path', 'blogPath', 'locale'],
} as const;

const editUrl = (section: keyof typeof EDIT_URL_PLACEHOLDERS) =>
  z
    .string()
    .regex(/^https?:\/\/\S+$/, 'an http(s) URL such as https://github.com/org/repo/edit/main/website/')
    .superRefine((url, context) => {
      const known: readonly string[] = EDIT_URL_PLACEHOLDERS[section];
      for (const [, name] of url.matchAll(/\{([^{}]*)\}/g)) {
        if (!known.includes(name!)) {
          context.addIssue({
            code: 'custom',
            message: `unknown placeholder {${name}}; known: ${known.map((key) => `{${key}}`).join(', ')}`,
          });
        }
      }
    })
    .optional()
    .describe(
      section === 'docs'
        ? 'Base URL of the docs files for "Edit this page" (the file path is appended), or a template with {versionDocsDirPath}, {path}, {locale}, {version}.'
        : 'Base URL of the blog files for "Edit this page" (the file path is appended), or a template with {blogDirPath}, {path}, {locale}.',
    );

const pageSourceOptions = (section: keyof typeof EDIT_URL_PLACEHOLDERS) => ({
  editUrl: editUrl(section),
  editLocalizedFiles: z.boolean().optional().describe("Edit links of translated pages open the translation's file."),
  showLastUpdateTime: z.boolean().optional().describe('Show when each page last changed, from git (one git log pass, cached).'),
  showLastUpdateAuthor: z.boolean().optional().describe('Show who last changed each page, from git.'),
});

/** The options of a docs instance: `docs`, and each of `docsInstances` besides its id. */
const docsFields = {
  path: z.string().default('docs'),
  routeBasePath: docsRouteBasePath.default('docs'),
  sidebarPath: z.string().default('sidebars.yaml'),
  lastVersion: z.string().optional(),
  includeCurrentVersion: z.boolean().default(true),
  onlyIncludeVersions: z.array(z.string()).optional(),
  versions: z.record(z.string(), versionOptions).default({}),
  sidebarCollapsible: z
    .boolean()
    .optional()
    .describe("Whether the sidebar's categories can be collapsed, unless a category says (its `collapsible`); true when absent."),
  sidebarCollapsed: z
    .boolean()
    .optional()
    .describe(
      'Whether they start collapsed, unless a category says (its `collapsed`); true when absent. Not with sidebarCollapsible: false.',
    ),
  breadcrumbs: z
    .boolean()
    .optional()
    .describe("Whether doc pages show their breadcrumbs (the sidebar's categories above them); true when absent."),
  ...pageSourceOptions('docs'),
};

/** A CSS value of a code theme: nothing that could end its declaration or rule. */
const cssValue = z.union([z.string().regex(/^[^;{}<>\\]*$/, 'a CSS value such as #393A34 or italic'), z.number()]);
/** A CSS name of a code theme: a style key (`fontStyle`), a token type or a language. */
const cssName = z.string().regex(/^[a-zA-Z][\w-]*$/, 'a name such as comment or fontStyle');

/**
 * A theme of highlighted code: the name of one of prism-react-renderer's (`github`, `dracula`), or
 * one written out as prism-react-renderer writes them: `plain` colours and a style per token type.
 */
const codeTheme = z.union([
  z.enum(CODE_THEME_NAMES),
  z.strictObject({
    plain: z.record(cssName, cssValue),
    styles: z.array(
      z.strictObject({ types: z.array(cssName), languages: z.array(cssName).optional(), style: z.record(cssName, cssValue) }),
    ),
  }),
]);

/** An attribute name of a head tag: letters, digits and `-_:.`, so that none can break out of the tag. */
const attributeName = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;
const attributes = z
  .record(z.string().regex(attributeName, 'an attribute name such as content or data-domain'), z.union([z.string(), z.boolean()]))
  .default({});

export const HEAD_TAG_NAMES = ['meta', 'link', 'script', 'style', 'noscript', 'base'] as const;

const headTag = z.strictObject({
  tagName: z.enum(HEAD_TAG_NAMES),
  attributes,
  innerHTML: z.string().optional().describe('Text of a script, style or noscript tag.'),
});

const urlPath = z.string().regex(/^\/[^\s]*$/, 'a URL path of the site that starts with "/", such as /docs/old-page');

export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  title: z.string().min(1),
  tagline: z.string().default(''),
  titleDelimiter: z
    .string()
    .min(1)
    .default('|')
    .describe(
      "What stands between a page's title and the site's in the browser's title bar (`Setup | Docs`), as Docusaurus's titleDelimiter.",
    ),
  url: z.url().transform((url) => url.replace(/\/+$/, '')),
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'a path that starts and ends with "/"')
    .default('/'),
  favicon: z.string().optional().describe('The site icon: a path under static/, or an absolute URL (https://…, data:…) used as it is.'),
  image: z.string().optional().describe('Social card image (og:image): a path under static/ or an absolute URL.'),
  customFields: z
    .record(z.string(), z.unknown())
    .default({})
    .describe(
      "The site's own data, as Docusaurus's customFields: what its components and MDX pages read from useDocusaurusContext().siteConfig.customFields.",
    ),
  theme: z.string().optional().describe("Path or package name of the theme; docgen's own site-theme when absent."),
  customCss: z
    .union([z.string().min(1), z.array(z.string().min(1))])
    .optional()
    .describe(
      "Stylesheets of the site (paths relative to the site folder), loaded after the theme's styles, in this order: CSS, or Sass (.scss, .sass) compiled with the sass package installed in the site.",
    ),
  i18n: z
    .strictObject({
      defaultLocale: z.string(),
      locales: z.array(z.string()).min(1),
      localeConfigs: z.record(z.string(), localeConfig).default({}),
      status: z
        .boolean()
        .default(false)
        .describe('Translation statuses from git: a translated doc whose source changed after it tells its readers (see outdatedNotice).'),
      outdatedNotice: z
        .boolean()
        .default(true)
        .describe('With status: an outdated translation shows a notice at its top, linking the original.'),
    })
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {}, status: false, outdatedNotice: true }),
  docs: z
    .strictObject(docsFields)
    .default({ path: 'docs', routeBasePath: 'docs', sidebarPath: 'sidebars.yaml', includeCurrentVersion: true, versions: {} }),
  docsInstances: z
    .array(
      z.strictObject({
        id: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/, 'an id of letters, digits, "-" and "_", such as community')
          .refine((id) => id !== 'default', '"default" is the id of the docs of "docs"')
          .describe('Names the instance and its files: <id>_versions.json, <id>_versioned_docs/, i18n/<locale>/docs-<id>/.'),
        ...docsFields,
        path: z.string().describe('Folder of the current version of the instance, relative to the site folder.'),
        routeBasePath: docsRouteBasePath,
        sidebarPath: z.string().optional().describe('Sidebars file of the instance; one sidebar generated from its folder when absent.'),
      }),
    )
    .default([])
    .describe("Other docs instances (Docusaurus's docs plugin with an id): each with its own folder, route, sidebars and versions."),
  blog: z
    .strictObject({
      path: z.string().default('blog'),
      routeBasePath: routeBasePath.default('blog'),
      postsPerPage: z.number().int().positive().default(10),
      blogTitle: z.string().default('Blog'),
      blogDescription: z.string().default(''),
      blogSidebarCount: z
        .union([z.number().int().nonnegative(), z.literal('ALL')])
        .default(5)
        .describe("Posts in the blog's sidebar of recent posts, newest first: a number, ALL for every post, 0 for no sidebar."),
      blogSidebarTitle: z.string().optional().describe('Title of the sidebar of recent posts; the theme\'s "Recent posts" when absent.'),
      sidebarGroupByYear: z
        .boolean()
        .default(true)
        .describe("The sidebar's posts under a heading of each year, as Docusaurus 3 shows them."),
      ...pageSourceOptions('blog'),
    })
    .default({
      path: 'blog',
      routeBasePath: 'blog',
      postsPerPage: 10,
      blogTitle: 'Blog',
      blogDescription: '',
      blogSidebarCount: 5,
      sidebarGroupByYear: true,
    }),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: z.strictObject({ alt: z.string(), src: z.string(), srcDark: z.string().optional() }).optional(),
      hideOnScroll: z.boolean().default(false),
      style: z
        .enum(['dark', 'primary'])
        .optional()
        .describe("As Docusaurus's navbar.style: dark, or the primary colour, in both colour modes; the theme's own when absent."),
      items: z.array(navbarItem).default([]),
    })
    .default({ hideOnScroll: false, items: [] }),
  footer: z
    .strictObject({
      style: z.enum(['dark', 'light']).default('light'),
      links: z.array(z.strictObject({ title: z.string(), items: z.array(footerItem) })).default([]),
      logo: z
        .strictObject({
          alt: z.string(),
          src: z.string(),
          href: z.string().optional(),
          width: z.number().optional(),
          height: z.number().optional(),
        })
        .optional(),
      copyright: html.optional(),
    })
    .default({ style: 'light', links: [] }),
  announcementBar: z
    .strictObject({
      id: z.string().min(1).describe('Change it to show the bar again to readers who closed it.'),
      content: z.string(),
      backgroundColor: cssColor.default('#fff'),
      textColor: cssColor.default('#000'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
  tableOfContents: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
  code: z
    .strictObject({
      additionalLanguages: z.array(z.string()).default([]).describe('Prism languages highlighted besides the defaults.'),
      theme: codeTheme
        .optional()
        .describe(
          "Colours of highlighted code in light mode (Docusaurus's prism.theme): a prism-react-renderer theme's name (github, dracula, ...), or a theme written out.",
        ),
      darkTheme: codeTheme.optional().describe("Colours of highlighted code in dark mode (Docusaurus's prism.darkTheme), as theme."),
    })
    .default({ additionalLanguages: [] }),
  markdown: z
    .strictObject({
      math: z.boolean().default(false).describe('$inline$ and $$block$$ math rendered with KaTeX at build time.'),
      mermaid: z.boolean().default(true).describe('```mermaid code blocks drawn as diagrams in the browser.'),
      remarkPlugins: z
        .array(markdownPlugin)
        .default([])
        .describe("remark plugins installed in the site's node_modules: package names or [name, options], run after docgen's own."),
      rehypePlugins: z
        .array(markdownPlugin)
        .default([])
        .describe("rehype plugins installed in the site's node_modules: package names or [name, options], run after docgen's own."),
      format: z
        .enum(['detect', 'mdx', 'md'])
        .default('detect')
        .describe(
          "Which markdown files are MDX (Docusaurus 3's markdown.format): detect, by extension (.mdx is MDX, .md is markdown); mdx, every file (Docusaurus's default); md, none.",
        ),
      npm2yarn: z
        .array(z.enum(['yarn', 'pnpm', 'bun']))
        .default(['yarn', 'pnpm'])
        .describe(
          "The package managers a ```bash npm2yarn block is also shown for, in tabs after npm (Docusaurus npm2yarn plugin's converters).",
        ),
      mdx1Compat: z
        .strictObject({
          comments: z.boolean().default(true).describe('<!-- comments --> in .mdx files, as MDX 1 read them.'),
          admonitions: z.boolean().default(true).describe(':::note Title admonitions (the title after a space) in .mdx files.'),
          headingIds: z.boolean().default(true).describe('## Heading {#id} explicit heading ids in .mdx files.'),
        })
        .default({ comments: true, admonitions: true, headingIds: true })
        .describe("What .mdx files may still write as MDX 1 did, as in Docusaurus 3's markdown.mdx1Compat: each on unless false."),
    })
    .default({
      math: false,
      mermaid: true,
      remarkPlugins: [],
      rehypePlugins: [],
      format: 'detect',
      npm2yarn: ['yarn', 'pnpm'],
      mdx1Compat: { comments: true, admonitions: true, headingIds: true },
    }),
  search: z
    .strictObject({
      page: z
        .boolean()
        .default(false)
        .describe(
          "A search page at <locale base>/search (?q= the query), as Docusaurus's search themes add one; the navbar's search dialog is there either way.",
        ),
    })
    .default({ page: false })
    .describe("docgen's search, which every site has."),
  redirects: z
    .array(
      z.strictObject({
        from: z.union([urlPath, z.array(urlPath).min(1)]),
        to: z.union([urlPath, z.string().regex(/^https?:\/\/\S+$/, 'a path of the site or an http(s) URL')]),
      }),
    )
    .default([])
    .describe('Old URLs that lead to a page: a static page per "from" that sends the reader on to "to", keeping #hash and query.'),
  extensionRedirects: z
    .array(
      z
        .string()
        .regex(/^[a-z0-9]+$/i, 'an extension without its dot, such as html')
        .refine((extension) => extension.toLowerCase() !== 'md', "not md: a doc's markdown twin is there"),
    )
    .default([])
    .describe(
      "Extensions each page also answers with, by a redirect: html makes /docs/intro.html lead to /docs/intro (the URLs of a site that served .html files; Docusaurus client redirects' fromExtensions).",
    ),
  pdf: z
    .strictObject({
      versions: z
        .array(z.string().min(1))
        .min(1)
        .optional()
        .describe(
          'Docs versions with a manual, by name (current for the current docs, else as in versions.json); every version when absent.',
        ),
      locales: z.array(z.string().min(1)).min(1).optional().describe('Locales with a manual; every locale when absent.'),
      paperSize: z.enum(['A4', 'Letter', 'Legal', 'A5']).default('A4'),
      cover: z
        .strictObject({
          title: z.string().optional().describe("The cover's title; the site's title when absent."),
          subtitle: z.string().optional().describe('A line under the title; the tagline when absent.'),
        })
        .default({}),
      build: z
        .boolean()
        .default(false)
        .describe('docgen build writes the manuals too (into pdf/ of its output) and each doc page links its own ("Download PDF").'),
    })
    .default({ paperSize: 'A4', cover: {}, build: false })
    .describe('The PDF manuals of docgen pdf: one per docs version and locale, with a cover, contents, bookmarks and links.'),
  headTags: z.array(headTag).default([]).describe('Tags added to the <head> of every page, such as verification meta tags or preconnects.'),
  scripts: z
    .array(
      z.union([
        z.string().min(1),
        z
          .looseObject({ src: z.string().min(1), async: z.boolean().optional(), defer: z.boolean().optional() })
          .superRefine((script, context) => {
            for (const [name, value] of Object.entries(script)) {
              if (!attributeName.test(name))
                context.addIssue({ code: 'custom', message: `"${name}" is not an attribute name`, path: [name] });
              else if (typeof value !== 'string' && typeof value !== 'boolean')
                context.addIssue({ code: 'custom', message: `attribute "${name}" must be a string or a boolean`, path: [name] });
            }
          }),
      ]),
    )
    .default([])
    .describe('Scripts loaded by every page: a URL, or { src, async, defer, ...attributes }.'),
});

export type RawConfig = z.output<typeof configSchema>;

/** JSON Schema (draft 2020-12) of the config file, for editor completion. */
export function getConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
