/**
 * What an MDX page runs against when it is rendered at build time: bundled with the site's modules
 * and React by the bundle stage (bundle/mdxRuntime.ts), never imported by docgen's own code. The
 * modules Docusaurus gives MDX pages (`@theme/Tabs`, `@docusaurus/useBaseUrl`...) are here as
 * components that render docgen's content elements (ContentElements of @docgen/types: `tabs`,
 * `admonition`, `island`...), which compile reads back from the HTML; site components become
 * islands, rendered and hydrated later by the render stage.
 */
import { ADMONITION_KEYWORDS } from '@docgen/shared';
import {
  AS_JSON,
  createDocsHooks,
  createSiteHooks,
  getIdealImageUrl,
  BackToTopButton,
  IconClose,
  IconCopy,
  IconExternalLink,
  IconHome,
  IconMenu,
  IconSuccess,
  Interpolate,
  textOf,
  ThemeClassNames,
  useBrokenLinks,
  type ActiveDocsVersion,
  type SiteContext,
} from './docusaurusCommon.js';
export { toSvgComponent } from './docusaurusCommon.js';
import { Children, createElement, isValidElement, type ComponentType, type ReactNode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { Writable } from 'node:stream';

/** What a page is rendered with: the site as Docusaurus's context shows it, and the docs version a doc is of. */
export type PageContext = SiteContext & { docsVersion?: ActiveDocsVersion };

/** A warning of the render, at the place of the element (`line:column` of the page) when known. */
export interface RenderWarning {
  message: string;
  hint: string;
  at?: string;
}

/** The prop compile gives an element of the page with its place, `line:column` (see mdxProgram.ts). */
const AT = '__docgenAt';

let current:
  | {
      context: PageContext;
      warnings: RenderWarning[];
      /** While a component stack is looked for: each component rendered at its place in the page, in render order. */
      placed?: { name: string; at: string }[];
    }
  | undefined;

/** True while a page renders: a missing package's names throw then, saying why (bundle/mdxRuntime.ts). */
const RENDERING = Symbol.for('docgen.mdx.rendering');
const setRendering = (rendering: boolean) => {
  (globalThis as Record<symbol, unknown>)[RENDERING] = rendering;
};

const getCurrent = () => {
  if (!current) throw new Error('An MDX module was used outside the rendering of a page');
  return current;
};

/** Components of the runtime itself: never islands, even when a site's MDXComponents spreads them. */
const OWN = Symbol.for('docgen.mdx.own');
function own<Props extends object>(component: (props: Props) => ReactNode): (props: Props) => ReactNode {
  const placed = named(component.name, (props: Props) => renderPlaced(component, props, (props as Record<string, unknown>)[AT]));
  (placed as unknown as Record<symbol, boolean>)[OWN] = true;
  return placed;
}

/** A function named `name` as stack traces name it, which React's component stacks read: a wrapper shows as what it wraps. */
function named<Fn extends (...args: never[]) => unknown>(name: string, fn: Fn): Fn {
  return { [name]: (...args: Parameters<Fn>) => fn(...args) }[name] as Fn;
}

/**
 * Renders a function component by calling it (its hooks are its caller's): what it throws carries
 * the place of its element in the page (`docgenAt`), which React's own call would not tell.
 */
function renderPlaced<Props extends object>(component: (props: Props) => ReactNode, props: Props, at: unknown): ReactNode {
  if (current?.placed && typeof at === 'string') current.placed.push({ name: component.name, at });
  try {
    return component(props);
  } catch (error) {
    if (typeof error === 'object' && error !== null && !('docgenAt' in error) && typeof at === 'string') {
      (error as { docgenAt?: string }).docgenAt = at;
    }
    throw error;
  }
}

/** Renders a page's MDX component to static HTML; the warnings its components gave. */
export function renderPage(
  Content: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  context: PageContext,
): { html: string; warnings: RenderWarning[] } {
  const previous = current;
  current = { context, warnings: [] };
  setRendering(true);
  try {
    const html = renderToStaticMarkup(<Content {...props} />);
    return { html, warnings: current.warnings };
  } finally {
    current = previous;
    setRendering(previous !== undefined);
  }
}

/** Components of the runtime and of MDX itself, which a reader of a component stack did not write. */
const UNWRITTEN = new Set(['MDXContent', '_createMdxContent', 'Svg']);

/**
 * The components (outermost first) that were rendering when the page threw, found by rendering it
 * again with React's streaming renderer, which tells (`componentStack`): only when a page failed.
 * `at`: the place in the page of the outermost one, when the page wrote it.
 */
export function findComponentStack(
  Content: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  context: PageContext,
  timeLimitMs: number,
): Promise<{ stack: string[]; at?: string }> {
  return new Promise((resolve) => {
    const previous = current;
    const placed: { name: string; at: string }[] = [];
    let stack: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      current = previous;
      setRendering(previous !== undefined);
      const outermost = stack[0];
      resolve({ stack, at: [...placed].reverse().find((entry) => entry.name === outermost)?.at });
    };
    current = { context, warnings: [], placed };
    setRendering(true);
    const { pipe, abort } = renderToPipeableStream(<Content {...props} />, {
      onError(_error, info) {
        if (stack.length > 0 || !info?.componentStack) return;
        stack = [...info.componentStack.matchAll(/^\s*at (\S+)/gm)]
          .map((match) => match[1]!)
          .filter((name) => /^[A-Z]/.test(name) && !UNWRITTEN.has(name))
          .reverse();
      },
      onShellError: done,
      onAllReady: done,
    });
    pipe(new Writable({ write: (_chunk, _encoding, next) => next() }));
    timer = setTimeout(() => abort(), timeLimitMs);
  });
}

const withoutAt = <T extends Record<string, unknown>>(props: T) => {
  const { [AT]: _at, ...rest } = props;
  return rest;
};

// Docusaurus's theme components, as content elements.

function Admonition({
  type = 'note',
  title,
  icon,
  children,
}: {
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const shown = Object.hasOwn(ADMONITION_KEYWORDS, type) ? ADMONITION_KEYWORDS[type] : undefined;
  if (!shown) throw new Error(`Unknown admonition type "${type}": use one of ${Object.keys(ADMONITION_KEYWORDS).join(', ')}`);
  const titleText = title === undefined || title === null ? undefined : typeof title === 'string' ? title : textOf(title);
  // An icon written as text (an emoji); an element icon is the type's own.
  const iconText = typeof icon === 'string' || typeof icon === 'number' ? String(icon) : undefined;
  return createElement('admonition', { type: shown, title: titleText, icon: iconText }, children);
}

interface TabItemProps {
  value?: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

function TabItem({ value, label, children }: TabItemProps) {
  const shown = value ?? label;
  if (shown === undefined) throw new Error('<TabItem> needs a value: add value="..." (and label="...")');
  return createElement('tab', { label: label ?? shown, value: shown }, children);
}

function Tabs(props: {
  children?: ReactNode;
  groupId?: string;
  defaultValue?: string | null;
  queryString?: string | boolean;
  values?: { value: string; label?: string }[];
}) {
  let defaultValue = props.defaultValue ?? undefined;
  const tabs = Children.toArray(props.children).flatMap((child) => {
    if (typeof child === 'string' && child.trim() === '') return [];
    if (
      !isValidElement(child) ||
      typeof child.props !== 'object' ||
      child.props === null ||
      !('value' in child.props || 'label' in child.props)
    ) {
      throw new Error('Only <TabItem> elements belong inside <Tabs>: wrap this content in <TabItem value="...">');
    }
    const item = child.props as TabItemProps;
    const value = item.value ?? item.label;
    const known = props.values?.find((entry) => String(entry.value) === value);
    if (item.default && defaultValue === undefined) defaultValue = value;
    // The labels of `values` take precedence over the items' own, as in Docusaurus.
    return [<TabItem key={value} value={value} label={known?.label ?? item.label ?? value} children={item.children} />];
  });
  const queryString = props.queryString === true ? props.groupId : typeof props.queryString === 'string' ? props.queryString : undefined;
  // Lower case: React writes these names as they are (it keeps `defaultValue` for form fields); compile reads them back.
  return createElement('tabs', { groupid: props.groupId, defaultvalue: defaultValue, querystring: queryString }, tabs);
}

/** A code block: its text and what its meta string would hold, for compile to make the same block as a fenced one. */
function CodeBlock(props: {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: ReactNode;
  showLineNumbers?: boolean | number;
  metastring?: string;
}) {
  const language = props.language ?? /language-(\S+)/.exec(props.className ?? '')?.[1];
  const title = props.title === undefined ? undefined : typeof props.title === 'string' ? props.title : textOf(props.title);
  const meta = [
    title === undefined ? '' : title.includes('"') ? `title='${title}'` : `title="${title}"`,
    props.showLineNumbers === true
      ? 'showLineNumbers'
      : typeof props.showLineNumbers === 'number'
        ? `showLineNumbers=${props.showLineNumbers}`
        : '',
    props.metastring ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return createElement('docgen-code', { language, meta: meta || undefined }, textOf(props.children).replace(/^\n|\n$/g, ''));
}

/**
 * `@theme/MDXComponents/Code`, MDX's `code` element as Docusaurus shows it: a code block when it
 * names a language or holds a line break, else inline code.
 */
function Code({ children, className, ...rest }: { children?: ReactNode; className?: string; language?: string }) {
  const text = textOf(children);
  if (className?.includes('language-') || rest.language !== undefined || text.includes('\n')) {
    return (
      <CodeBlock className={className} {...withoutAt(rest)}>
        {children}
      </CodeBlock>
    );
  }
  return createElement('code', { ...withoutAt(rest), className }, children);
}

function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode }) {
  const written = Children.toArray(children);
  const first = written[0];
  const hasSummary = isValidElement(first) && first.type === 'summary';
  return (
    <details {...withoutAt(rest)} className="details">
      {summary !== undefined && !hasSummary ? <summary>{summary}</summary> : null}
      {written}
    </details>
  );
}

function Heading({ as = 'h2', children, ...rest }: { as?: string; id?: string; children?: ReactNode }) {
  if (!/^h[1-6]$/.test(as)) throw new Error(`<Heading as="${as}"> is not a heading level: use as="h2" to as="h6"`);
  return createElement(as, withoutAt(rest), children);
}

function Link({
  to,
  href,
  children,
  [AT]: at,
  ...rest
}: {
  to?: string;
  href?: string;
  children?: ReactNode;
  [AT]?: string;
} & Record<string, unknown>) {
  const { autoAddBaseUrl: _base, isNavLink: _nav, activeClassName: _active, ...attributes } = rest;
  return createElement('a', { ...attributes, href: to ?? href, 'data-docgen-at': at }, children);
}

const { useBaseUrl, useBaseUrlUtils, useDocusaurusContext, Translate, translate } = createSiteHooks(
  () => getCurrent().context,
  () => current?.context,
);
const docsHooks = createDocsHooks(
  () => getCurrent().context,
  () => getCurrent().context.docsVersion,
);

function ThemedImage({ sources, alt, ...rest }: { sources: { light: string; dark: string }; alt?: string }) {
  const attributes = withoutAt(rest);
  return (
    <>
      <img {...attributes} alt={alt} src={sources.light} className="themed-image themed-image--light" />
      <img {...attributes} alt={alt} src={sources.dark} className="themed-image themed-image--dark" />
    </>
  );
}

/** `@docusaurus/BrowserOnly`: its children run in a browser only; the page shows the fallback. */
function BrowserOnly({ fallback }: { fallback?: ReactNode; children?: () => ReactNode }) {
  return <>{fallback ?? null}</>;
}

/**
 * `@theme/TOCInline`: the page's table of contents, filled in by compile once every heading has its
 * id. `toc` is the page's `toc` (every heading) or part of it, as Docusaurus takes it
 * (`toc.slice(2)`, `toc.filter(...)`): the entries listed are those it holds.
 */
function TOCInline({
  toc,
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
}: {
  toc?: unknown;
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
}) {
  const entries = Array.isArray(toc) ? JSON.stringify(toc.map(toTocEntry)) : undefined;
  return createElement('docgen-toc-inline', { min: minHeadingLevel, max: maxHeadingLevel, entries });
}

/** An entry of a `toc` as TOCInline is given it: `{ value, id, level }`, or something else that lists nothing. */
function toTocEntry(entry: unknown): { value: string; id: string; level: number } | null {
  const { value, id, level } = (entry ?? {}) as Record<string, unknown>;
  return typeof id === 'string' && typeof level === 'number' ? { value: String(value ?? ''), id, level } : null;
}

const Head = () => null;

/** A sidebar item as Docusaurus's `DocCard` and `DocCardList` take it (`useCurrentSidebarCategory().items`). */
interface SidebarItemProp {
  type?: string;
  label?: string;
  href?: string;
  description?: string;
  items?: unknown[];
}

/**
 * `useCurrentSidebarCategory()`: the category whose page this doc is, known to the manifest only;
 * its `items`, given to `<DocCardList items={...} />` (Docusaurus 2's way), are that category's cards.
 */
const CURRENT_CATEGORY: { items: SidebarItemProp[] } = Object.freeze({ items: Object.freeze([]) as unknown as SidebarItemProp[] });
const useCurrentSidebarCategory = () => CURRENT_CATEGORY;

/** `@theme/DocCard`: the card of one sidebar item (`item`), in the markup of the theme's cards (its title a paragraph). */
function DocCard({ item }: { item: SidebarItemProp }) {
  const description = item.description ?? (Array.isArray(item.items) ? `${item.items.length} items` : '');
  return (
    <a className="card" href={item.href}>
      {/* Not a heading of the page: no anchor, not in its table of contents. */}
      <p className="card__title">{item.label}</p>
      {description ? <p className="card__description">{description}</p> : null}
    </a>
  );
}

/**
 * `@theme/DocCardList`: given `items`, their cards; else the cards of the sidebar category whose
 * page this doc is, which the manifest knows (a `doc-card-list` element for the theme to fill).
 */
function DocCardList({ items, className }: { items?: SidebarItemProp[]; className?: string }) {
  if (!items || items === CURRENT_CATEGORY.items) return createElement('doc-card-list', {});
  return (
    <section className={['card-grid', className].filter(Boolean).join(' ')}>
      {items.map((item, index) => (
        <DocCard key={item.href ?? index} item={item} />
      ))}
    </section>
  );
}

/** `@theme/Layout` in an MDX page: its content (the page is already in the site's frame). */
function Layout({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/** `@theme/IdealImage`: the image, whichever way it was imported (a URL, a module, the plugin's `{ src }`). */
function IdealImage({ img, alt, ...rest }: { img: unknown; alt?: string } & Record<string, unknown>) {
  return <img {...withoutAt(rest)} alt={alt} src={getIdealImageUrl(img)} loading="lazy" />;
}

/** `@theme/Mermaid`: a mermaid code block, which compile makes the diagram that ```mermaid makes. */
function Mermaid({ value }: { value: string }) {
  return <CodeBlock language="mermaid">{value}</CodeBlock>;
}

const useGlobalData = () => getCurrent().context.globalData;

const MDXComponents = {
  Admonition: own(Admonition),
  Details: own(Details),
  Heading: own(Heading),
  Tabs: own(Tabs),
  TabItem: own(TabItem),
  CodeBlock: own(CodeBlock),
  Link: own(Link),
};

/** The modules of Docusaurus an MDX page may import, by specifier. */
export const docusaurusModules: Record<string, Record<string, unknown>> = {
  '@theme/Admonition': { default: own(Admonition) },
  '@theme/Tabs': { default: own(Tabs) },
  '@theme/TabItem': { default: own(TabItem) },
  '@theme/CodeBlock': { default: own(CodeBlock) },
  '@theme/CodeInline': { default: own((props: { children?: ReactNode }) => createElement('code', withoutAt(props), props.children)) },
  '@theme/MDXComponents/Code': { default: own(Code) },
  '@theme/Details': { default: own(Details) },
  '@theme/Heading': { default: own(Heading) },
  '@theme/ThemedImage': { default: own(ThemedImage) },
  '@theme/TOCInline': { default: own(TOCInline) },
  '@theme/MDXComponents': { default: MDXComponents },
  '@docusaurus/Link': { default: own(Link) },
  // What Docusaurus's MDX renders a link with: its Link.
  '@theme/MDXComponents/A': { default: own(Link) },
  '@docusaurus/Head': { default: own(Head) },
  '@docusaurus/BrowserOnly': { default: own(BrowserOnly) },
  '@docusaurus/Translate': { default: own(Translate), translate },
  '@docusaurus/useBaseUrl': { default: useBaseUrl, useBaseUrlUtils },
  '@docusaurus/useDocusaurusContext': { default: useDocusaurusContext },
  '@docusaurus/useIsBrowser': { default: () => false },
  '@docusaurus/Interpolate': { default: own(Interpolate), interpolate: own(Interpolate) },
  '@docusaurus/useGlobalData': {
    default: useGlobalData,
    usePluginData: (plugin: string, id = 'default') => useGlobalData()[plugin]?.[id],
    useAllPluginInstancesData: (plugin: string) => useGlobalData()[plugin] ?? {},
  },
  '@docusaurus/theme-common': {
    useColorMode: () => ({ colorMode: 'light', isDarkTheme: false, setColorMode: () => undefined }),
    useThemeConfig: () => getCurrent().context.themeConfig,
    ThemeClassNames,
    useCurrentSidebarCategory,
    // As Docusaurus renders on the server: the width is not known.
    useWindowSize: () => 'ssr',
  },
  '@docusaurus/plugin-content-docs/client': { useCurrentSidebarCategory, ...docsHooks },
  '@docusaurus/theme-common/internal': { useCurrentSidebarCategory },
  '@theme/Layout': { default: own(Layout) },
  '@theme/DocCardList': { default: own(DocCardList) },
  '@theme/DocCard': { default: own(DocCard) },
  '@theme/IdealImage': { default: own(IdealImage) },
  '@theme/Mermaid': { default: own(Mermaid) },
  '@theme/Icon/ExternalLink': { default: own(IconExternalLink) },
  '@theme/Icon/Copy': { default: own(IconCopy) },
  '@theme/Icon/Success': { default: own(IconSuccess) },
  '@theme/Icon/Close': { default: own(IconClose) },
  '@theme/Icon/Menu': { default: own(IconMenu) },
  '@theme/Icon/Home': { default: own(IconHome) },
  '@docusaurus/useBrokenLinks': { default: useBrokenLinks },
  '@theme/BackToTopButton': { default: own(BackToTopButton) },
  '@docusaurus/ExecutionEnvironment': {
    default: { canUseDOM: false, canUseEventListeners: false, canUseIntersectionObserver: false, canUseViewport: false },
  },
};

// Site components as islands.

/** Whether a value survives JSON as itself: what an island's props must be to reach the browser. */
function findUnserializable(value: unknown, path: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object') return path;
  if ((value as Record<symbol, unknown>)[AS_JSON]) return undefined;
  if (isValidElement(value)) return path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnserializable(value[index], `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return path;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const found = findUnserializable(item, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

const isComponent = (value: unknown) =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value && !isValidElement(value));

/**
 * A site component as an MDX page shows it: an `island` element (`component`, its props as JSON)
 * holding its children as content, which the render stage renders with the component and the
 * browser hydrates. A component whose props cannot reach the browser (a function, an element) is
 * rendered here, as static HTML, with a warning at its place.
 */
export function toIsland(id: string, Component: ComponentType<Record<string, unknown>>) {
  const Island = named(Component.displayName ?? Component.name ?? 'Component', (props: Record<string, unknown>) => {
    const { children, [AT]: at, ...rest } = props;
    const unserializable = Object.entries(rest)
      .map(([name, value]) => (value === undefined ? undefined : findUnserializable(value, name)))
      .find((found) => found !== undefined);
    if (unserializable === undefined) {
      return createElement('island', { component: id, props: JSON.stringify(rest) }, children as ReactNode);
    }
    getCurrent().warnings.push({
      message: `<${id.slice(id.lastIndexOf('#') + 1).replace(/^default$/, Component.displayName ?? Component.name ?? 'Component')}> is shown without interaction: its prop ${unserializable} cannot reach the browser`,
      hint: 'An interactive component takes props that JSON can hold (text, numbers, lists, objects). Pass data, and let the component make its functions and elements, or make a component of your site that wraps this one.',
      at: typeof at === 'string' ? at : undefined,
    });
    const isClass =
      typeof Component === 'function' && (Component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent;
    if (typeof Component !== 'function' || isClass) return <Component {...rest}>{children as ReactNode}</Component>;
    return renderPlaced(Component as (props: Record<string, unknown>) => ReactNode, { ...rest, children }, at);
  });
  return Island;
}

/**
 * A site module as an MDX page sees it: each export that is a component (named with a capital,
 * or the default) as an island of `id#export`; other exports (data, functions) as they are.
 */
export function toIslandModule(id: string, module: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    const component = isComponent(value) && (name === 'default' || /^[A-Z]/.test(name)) && !(value as Record<symbol, unknown>)[OWN];
    shown[name] = component ? toIsland(`${id}#${name}`, value as ComponentType<Record<string, unknown>>) : value;
  }
  return shown;
}

/** The site's MDX component scope (`src/theme/MDXComponents`): its own components as islands, Docusaurus's as they are. */
export function toComponentScope(id: string, components: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(components)) {
    const island = isComponent(value) && !(value as Record<symbol, unknown>)[OWN];
    shown[name] = island ? toIsland(`${id}#default.${name}`, value as ComponentType<Record<string, unknown>>) : value;
  }
  return shown;
}
