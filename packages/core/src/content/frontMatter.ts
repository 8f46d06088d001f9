import type { Diagnostic, InlineAuthor, LocatedPath, SourceFile, SourceMarkdown } from '@docgen/types';
import { getScriptUrlScheme } from '@docgen/shared/scriptUrl';
import * as z from '../vendor/zod.js';
import { DocgenError, suggestName } from '../diagnostics/index.js';
import { parseYamlFile, type YamlFile } from '../yaml/index.js';
import { getIdProblem, getSlugProblem, readsAsMdx, ROUTE_PATH_HINT } from '../files/index.js';
import type { FrontMatterMemo } from './frontMatterMemo.js';
import { splitFrontMatter } from './preRead.js';

/**
 * Splits a markdown file into YAML front matter and body. Front matter is YAML only: a `---js`
 * or `---toml` block is an error and is never executed. With `memo`, front matter checked before
 * (by the schema it names `kind`) is taken from it, and what is checked now is remembered. `mdx`:
 * the file is read as MDX (readsAsMdx), whose body reads its front matter.
 */
export function parseFrontMatter<Schema extends z.ZodType>(
  file: SourceFile,
  schema: Schema,
  memo?: { memo: FrontMatterMemo; kind: string },
  mdx = readsAsMdx(file.sitePath, 'detect'),
): SourceMarkdown<z.output<Schema>> {
  const block = splitFrontMatter(file.text);
  if (!block) return { file, frontMatter: schema.parse({}), body: file.text, bodyLine: 1 };
  if (block.language !== '' && block.language !== 'yaml') {
    throw new DocgenError(`Front matter in "${block.language}" is not supported`, {
      code: 'front-matter-language',
      location: { file: file.sitePath, line: 1, column: 4 },
      hint: 'Front matter is YAML only: start the block with a plain "---" line. Code in front matter is never run.',
    });
  }
  if (block.yamlText === undefined || block.bodyStart === undefined || block.bodyLine === undefined) {
    throw new DocgenError('Front matter is not closed', {
      code: 'front-matter-unclosed',
      location: { file: file.sitePath, line: 1, column: 1 },
      hint: 'End the front matter with a line holding only "---".',
    });
  }
  const { bodyStart, bodyLine } = block;
  const body = file.text.slice(bodyStart);
  // An MDX file's front matter is checked against its body too (the keys it reads): not memoized.
  const { frontMatter, warnings, writtenFrontMatter } = checkFrontMatter(
    block.yamlText,
    file.sitePath,
    schema,
    mdx ? undefined : memo,
    mdx ? body : undefined,
  );
  return { file, frontMatter, body, bodyLine, ...(warnings && { warnings }), ...(writtenFrontMatter && { writtenFrontMatter }) };
}

/**
 * The front matter `yamlText` of `sitePath` checked against `schema`: the value and the warnings,
 * taken from `memo` when it checked the same text before (and remembered there otherwise).
 * `mdxBody`: the body of an MDX file, whose own keys it reads (`{frontMatter.product}`) are known
 * keys too, and whose written front matter is kept (`writtenFrontMatter`).
 */
export function checkFrontMatter<Schema extends z.ZodType>(
  yamlText: string,
  sitePath: string,
  schema: Schema,
  memo?: { memo: FrontMatterMemo; kind: string },
  mdxBody?: string,
): Pick<SourceMarkdown<z.output<Schema>>, 'frontMatter' | 'warnings' | 'writtenFrontMatter'> {
  const remembered = memo?.memo.get(memo.kind, sitePath, yamlText);
  if (remembered) {
    const { frontMatter, warnings } = remembered;
    return { frontMatter: frontMatter as z.output<Schema>, ...(warnings && { warnings }) };
  }
  const yaml = parseYamlFile(yamlText, sitePath, 1);
  const value = yaml.value ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new DocgenError('Front matter must be a YAML mapping of keys to values', {
      code: 'front-matter-invalid',
      location: { file: sitePath, line: 2, column: 1 },
      hint: 'Write it as "key: value" lines, e.g. "title: 시작하기".',
    });
  }
  const read = mdxBody === undefined ? [] : [...mdxBody.matchAll(/\bfrontMatter\.([\w$]+)/g)].map((match) => match[1]!);
  const known = KNOWN_KEYS.get(schema)?.concat(read);
  const warnings = known ? getUnknownKeyWarnings(value as Record<string, unknown>, known, yaml) : [];
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path.join('.');
    const hint = issue.code === 'custom' && typeof issue.params?.hint === 'string' ? issue.params.hint : undefined;
    throw new DocgenError(`Invalid front matter "${key}": ${issue.message}`, {
      code: 'front-matter-invalid',
      location: yaml.locate(issue.path as PropertyKey[]),
      hint: hint ?? `Found ${JSON.stringify((value as Record<string, unknown>)[String(issue.path[0])])}; fix the value of "${key}".`,
    });
  }
  const frontMatter = parsed.data as z.output<Schema> & { redirectFrom?: unknown; head?: unknown };
  if (Array.isArray(frontMatter.head)) warnings.push(...sanitizeHeadTags(frontMatter.head as HeadTag[], yaml));
  if (Array.isArray(frontMatter.redirectFrom)) {
    // Where each old URL was written: a redirect that leads nowhere or hides a page is reported there.
    const written = (value as Record<string, unknown>).redirect_from;
    frontMatter.redirectFrom = (frontMatter.redirectFrom as string[]).map((path, index) => ({
      path,
      location: yaml.locate(typeof written === 'string' ? ['redirect_from'] : ['redirect_from', index]),
    }));
  }
  const checked = { frontMatter: frontMatter as unknown, ...(warnings.length > 0 && { warnings }) };
  const { frontMatter: memoized, warnings: kept } = memo ? memo.memo.set(memo.kind, sitePath, yamlText, checked) : checked;
  return {
    frontMatter: memoized as z.output<Schema>,
    ...(kept && { warnings: kept }),
    ...(mdxBody !== undefined && { writtenFrontMatter: value as Record<string, unknown> }),
  };
}

/** A text that becomes part of a URL path (see routePaths.ts): refused, with the rule as hint, when `getProblem` finds one. */
const routeText = (getProblem: (text: string) => string | undefined) =>
  z.string().superRefine((text, context) => {
    const problem = getProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: `${JSON.stringify(text)} ${problem}`, params: { hint: ROUTE_PATH_HINT } });
  });

const headingLevel = z.number().int().min(2).max(6);
/** A list of strings, or one; numbers in it are their text (`keywords: [api, 2024]`), as Docusaurus's YAML takes them. */
const stringList = z.union([z.string().transform((value) => [value]), z.array(z.union([z.string(), z.number().transform(String)]))]);
/**
 * A date: a YAML timestamp, or its text with the month and day of two digits. Docusaurus's YAML
 * (1.1) and its `new Date()` read a month or a day of one digit as well (`date: 2015-11-3 10:30:00`
 * in Babel's posts): it is given its two digits. White space around it, which YAML keeps when it is
 * not a space or a tab (a no-break space after `date:`, Babel's again), is dropped as Date does.
 */
const date = z.union([
  z
    .string()
    .transform((value) =>
      value
        .trim()
        .replace(
          /^(\d{4})-(\d{1,2})-(\d{1,2})(?=$|[Tt ])/,
          (_, year: string, month: string, day: string) => `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`,
        ),
    ),
  z.date().transform((value) => value.toISOString().slice(0, 10)),
]);
/** `pagination_prev` / `pagination_next`: a doc id, or null for none. */
const paginationTarget = z.union([z.string(), z.null()]);
/** A tag: its key, or (as Docusaurus also takes) `{ label, permalink }`. */
const tagList = z.union([
  z.string().transform((value) => [value]),
  z.array(z.union([z.string(), z.looseObject({ label: z.string() }).transform((tag) => tag.label)])),
]);
const lastUpdate = z.strictObject({
  date: date
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'a date such as 2025-08-20')
    .optional(),
  author: z.coerce.string().optional(),
});
/** `custom_edit_url`: the page's own edit link, or null for none. */
const customEditUrl = z.union([z.string().regex(/^https?:\/\/\S+$/, 'an http(s) URL'), z.null()]);
const urlPath = z.string().regex(/^\/\S*$/, 'a URL path of the site that starts with "/", such as /docs/old-page');
/** `redirect_from`: old URLs of the page (located by parseFrontMatter). */
const redirectFrom = z.union([urlPath.transform((value) => [value]), z.array(urlPath)]);
/** `head`: extra meta and link tags of the page; attribute values are escaped when written. */
const headTags = z.array(
  z.strictObject({
    tagName: z.enum(['meta', 'link']),
    attributes: z.record(
      z.string().regex(/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/, 'an attribute name such as name or content'),
      z.union([z.string(), z.literal(true)]),
    ),
  }),
);

type HeadTag = z.output<typeof headTags>[number];

/** Attributes of a head tag that hold a URL the browser follows or loads. */
const HEAD_URL_ATTRIBUTES = new Set(['href', 'src', 'imagesrcset']);

/**
 * Head tags are content, and content runs no script: event handlers and script URLs are removed
 * from them with a warning at their line, as from raw HTML; a `meta http-equiv="refresh"` is
 * refused (a page that moved is what `redirect_from` is for).
 */
function sanitizeHeadTags(tags: HeadTag[], yaml: YamlFile): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  tags.forEach((tag, index) => {
    for (const [name, value] of Object.entries(tag.attributes)) {
      const location = yaml.locate(['head', index, 'attributes', name]);
      const lower = name.toLowerCase();
      if (tag.tagName === 'meta' && lower === 'http-equiv' && typeof value === 'string' && value.trim().toLowerCase() === 'refresh') {
        throw new DocgenError('A meta http-equiv="refresh" head tag is refused: it sends the reader to another page', {
          code: 'front-matter-invalid',
          location,
          hint: 'For a page that moved, list its old URL in redirect_from of the page it moved to (or in redirects of docgen.config.yaml).',
        });
      }
      // A URL as a browser reads it (white space inside it dropped); a srcset's candidates each with their URL first.
      const urls =
        typeof value !== 'string' || !HEAD_URL_ATTRIBUTES.has(lower)
          ? []
          : lower === 'imagesrcset'
            ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
            : [value];
      const scheme = urls.map((url) => getScriptUrlScheme(url)).find(Boolean);
      const script = lower.startsWith('on') ? 'an event handler runs script' : scheme && `a ${scheme}: URL runs script`;
      if (!script) continue;
      delete tag.attributes[name];
      warnings.push({
        severity: 'warning',
        code: 'head-tag-unsafe',
        message: `The ${name} attribute of a ${tag.tagName} head tag is removed: ${script}`,
        hint: 'Head tags of the front matter are content, and content runs no script; a site-wide script goes in headTags or scripts of docgen.config.yaml.',
        location,
      });
    }
  });
  return warnings;
}

/** Keys every kind of page takes: what shows in search results and link previews. */
const pageMeta = {
  title: z.coerce.string().optional(),
  description: z.coerce.string().optional(),
  keywords: stringList.optional(),
  image: z.string().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: headingLevel.optional(),
  toc_max_heading_level: headingLevel.optional(),
  redirect_from: redirectFrom.optional(),
  head: headTags.optional(),
};

const docShape = {
  ...pageMeta,
  id: routeText(getIdProblem).optional(),
  slug: routeText(getSlugProblem).optional(),
  sidebar_label: z.coerce.string().optional(),
  // A number written in quotes (`sidebar_position: "2"`) is that number, as Docusaurus reads it.
  sidebar_position: z
    .preprocess((value) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value), z.number())
    .optional(),
  hide_title: z.boolean().optional(),
  pagination_prev: paginationTarget.optional(),
  pagination_next: paginationTarget.optional(),
  // The sidebar shown beside the doc (a sidebar id of its version), or null for none, as in Docusaurus.
  displayed_sidebar: z.union([z.string().min(1), z.null()]).optional(),
  tags: tagList.optional(),
  last_update: lastUpdate.optional(),
  custom_edit_url: customEditUrl.optional(),
};

export const docFrontMatterSchema = z.looseObject(docShape).transform((fm) => ({
  id: fm.id,
  title: fm.title,
  slug: fm.slug,
  sidebarLabel: fm.sidebar_label,
  sidebarPosition: fm.sidebar_position,
  description: fm.description,
  keywords: fm.keywords,
  image: fm.image,
  draft: fm.draft,
  unlisted: fm.unlisted,
  tocMinHeadingLevel: fm.toc_min_heading_level,
  tocMaxHeadingLevel: fm.toc_max_heading_level,
  hideTableOfContents: fm.hide_table_of_contents,
  hideTitle: fm.hide_title,
  paginationPrev: fm.pagination_prev,
  paginationNext: fm.pagination_next,
  displayedSidebar: fm.displayed_sidebar,
  tags: fm.tags,
  lastUpdate: fm.last_update,
  customEditUrl: fm.custom_edit_url,
  redirectFrom: fm.redirect_from as LocatedPath[] | undefined,
  head: fm.head,
}));

/** An author written in a post (Docusaurus's fields: `image_url` or `imageURL`), or a key of authors.yaml with fields over it. */
const inlineAuthor = z
  .looseObject({
    key: z.string().optional(),
    name: z.string().optional(),
    title: z.string().optional(),
    url: z.string().optional(),
    image_url: z.string().optional(),
    imageURL: z.string().optional(),
  })
  .refine((author) => author.key !== undefined || author.name !== undefined, {
    message: 'an author needs a name, or the key of authors.yaml',
  })
  .transform(({ key, name, title, url, image_url, imageURL }): InlineAuthor => ({
    ...(key !== undefined && { key }),
    ...(name !== undefined && { name }),
    ...(title !== undefined && { title }),
    ...(url !== undefined && { url }),
    ...((image_url ?? imageURL) !== undefined && { imageUrl: image_url ?? imageURL }),
  }));
const authorList = z.union([
  z.string().transform((key) => [key]),
  inlineAuthor.transform((author) => [author]),
  z.array(z.union([z.string(), inlineAuthor])),
]);

const blogShape = {
  ...pageMeta,
  slug: routeText(getSlugProblem).optional(),
  authors: authorList.optional(),
  // Docusaurus 1's one author, still read by Docusaurus 3, which reads each field in camel case too
  // (`authorURL`, as older sites write them) when the snake case one is not there.
  author: z.string().optional(),
  author_title: z.string().optional(),
  author_url: z.string().optional(),
  author_image_url: z.string().optional(),
  authorTitle: z.string().optional(),
  authorURL: z.string().optional(),
  authorImageURL: z.string().optional(),
  tags: tagList.optional(),
  date: date.optional(),
  last_update: lastUpdate.optional(),
  custom_edit_url: customEditUrl.optional(),
};

export const blogFrontMatterSchema = z.looseObject(blogShape).transform((fm) => ({
  title: fm.title,
  description: fm.description,
  keywords: fm.keywords,
  image: fm.image,
  slug: fm.slug,
  authors:
    fm.author === undefined
      ? fm.authors
      : [
          ...(fm.authors ?? []),
          {
            name: fm.author,
            ...((fm.author_title ?? fm.authorTitle) !== undefined && { title: fm.author_title ?? fm.authorTitle }),
            ...((fm.author_url ?? fm.authorURL) !== undefined && { url: fm.author_url ?? fm.authorURL }),
            ...((fm.author_image_url ?? fm.authorImageURL) !== undefined && { imageUrl: fm.author_image_url ?? fm.authorImageURL }),
          },
        ],
  tags: fm.tags,
  date: fm.date,
  draft: fm.draft,
  unlisted: fm.unlisted,
  hideTableOfContents: fm.hide_table_of_contents,
  lastUpdate: fm.last_update,
  customEditUrl: fm.custom_edit_url,
  redirectFrom: fm.redirect_from as LocatedPath[] | undefined,
  head: fm.head,
}));

export const pageFrontMatterSchema = z.looseObject(pageMeta).transform((fm) => ({
  title: fm.title,
  description: fm.description,
  keywords: fm.keywords,
  image: fm.image,
  draft: fm.draft,
  unlisted: fm.unlisted,
  hideTableOfContents: fm.hide_table_of_contents,
  redirectFrom: fm.redirect_from as LocatedPath[] | undefined,
  head: fm.head,
}));

/**
 * The keys each kind of page reads, as one string: part of the front matter memo's salt, so that
 * front matter checked by a docgen that read other keys is parsed again.
 */
export const FRONT_MATTER_KEYS = JSON.stringify([Object.keys(docShape), Object.keys(blogShape), Object.keys(pageMeta)]);

/** The keys each schema reads, for the unknown-key warning. */
const KNOWN_KEYS = new Map<z.ZodType, string[]>([
  [docFrontMatterSchema, Object.keys(docShape)],
  [blogFrontMatterSchema, Object.keys(blogShape)],
  [pageFrontMatterSchema, Object.keys(pageMeta)],
]);

/** Docusaurus keys docgen does not act on (yet): named as such rather than as unknown. */
const DOCUSAURUS_ONLY_KEYS = new Set([
  'sidebar_class_name',
  'sidebar_custom_props',
  'sidebar_key',
  'pagination_label',
  'parse_number_prefixes',
  'custom_edit_url',
  'wrapperClassName',
  'author',
  'author_url',
  'author_title',
  'author_image_url',
  'authorURL',
  'authorTitle',
  'authorImageURL',
]);

/**
 * A warning for each front matter key that the page's kind does not read: with the known key it is
 * likely a typo of, or else only for a strict build (a site's own key, as Docusaurus allows).
 */
function getUnknownKeyWarnings(value: Record<string, unknown>, known: string[], yaml: YamlFile): Diagnostic[] {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key): Diagnostic => {
      const location = yaml.locateKey([key]);
      if (DOCUSAURUS_ONLY_KEYS.has(key)) {
        return {
          severity: 'warning',
          code: 'front-matter-unsupported',
          message: `Front matter "${key}" (a Docusaurus key) is not supported by docgen: it has no effect`,
          hint: 'Remove it, or keep it for when docgen supports it.',
          location,
        };
      }
      const suggestion = suggestName(key, known);
      if (suggestion) {
        return {
          severity: 'warning',
          code: 'front-matter-unknown',
          message: `Unknown front matter "${key}": did you mean "${suggestion}"?`,
          hint: `Rename it to ${suggestion}.`,
          location,
        };
      }
      // Not a typo of a key docgen reads: the site's own (for its MDX and components), kept.
      return {
        severity: 'warning',
        code: 'front-matter-unknown',
        message: `Unknown front matter "${key}"`,
        hint: `Kept for the site's MDX and components; docgen reads: ${known.join(', ')}.`,
        location,
        strictOnly: true,
      };
    });
}
