import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import namesPlugin from 'colord/plugins/names';
import { Children, createElement, isValidElement, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { ContentElements, HighlightedCode, RouteData, SiteData } from '@docgen/types';
import { translateFrom } from '../i18n.js';
import type { HeadingProps } from '../props.js';
import { Admonition } from './Admonition.js';
import { CodeBlock } from './CodeBlock.js';
import { Heading } from './Heading.js';
import { Tabs, TabsCounter } from './Tabs.js';
import { CARD_STRINGS, CardGrid } from './CardGrid.js';
import { translateCount } from '../plural.js';

extend([a11yPlugin, namesPlugin]);

interface ContentContext {
  site: SiteData;
  route: RouteData;
}

/** The UI strings of rendered markdown. It is rendered on the server only, so no browser loads them. */
const STRINGS = {
  en: {
    'copy.button': 'Copy code to clipboard',
    'copy.copied': 'Copied',
    'heading.link': 'Direct link to {title}',
    'admonition.note': 'note',
    'admonition.tip': 'tip',
    'admonition.info': 'info',
    'admonition.warning': 'warning',
    'admonition.danger': 'danger',
    'admonition.caution': 'caution',
    'imageZoom.open': 'Enlarge image',
    'imageZoom.close': 'Close the enlarged image',
  },
  ko: {
    'copy.button': '코드를 클립보드에 복사',
    'copy.copied': '복사됨',
    'heading.link': '{title}(으)로 바로 가는 링크',
    'admonition.note': '참고',
    'admonition.tip': '팁',
    'admonition.info': '정보',
    'admonition.warning': '경고',
    'admonition.danger': '위험',
    'admonition.caution': '주의',
    'imageZoom.open': '이미지 확대',
    'imageZoom.close': '확대한 이미지 닫기',
  },
};

type StringKey = keyof (typeof STRINGS)['en'];

/** A link of rendered content: plain, as markdown's links are (the router follows them). */
function ContentLink({ className, href, children }: { className: string; href: string; children: ReactNode }) {
  return (
    <a className={className} href={href}>
      {children}
    </a>
  );
}

/** Props of a component: the element's properties, its children and the element itself (`passNode`). */
type Props = Record<string, unknown> & { children?: ReactNode; node?: Element };
/** The props of a content element that compile writes for the theme (see ContentElements in @docgen/types). */
type ElementProps<Name extends keyof ContentElements> = Partial<ContentElements[Name]> & { children?: ReactNode; node?: Element };

/**
 * Maps markdown elements (hast) to the theme's components. Runs at build time only: the result is
 * static HTML, and interactive parts (copy buttons, tabs) are wired in the browser by
 * `enhanceContent`, so content is never shipped twice.
 */
function createComponents(context: ContentContext): Partial<Components> & Record<string, unknown> {
  const t = (key: StringKey, values?: Record<string, string | number>) =>
    translateFrom(STRINGS, context.site.locale, context.site.translations, key, values);
  const heading = (as: HeadingProps['as']) =>
    function ContentHeading({ id, children, node: _node, ...attributes }: Props) {
      return (
        <Heading
          as={as}
          id={id as string | undefined}
          anchorLabel={t('heading.link', { title: textOf(children).trim() })}
          {...(attributes as HTMLAttributes<HTMLHeadingElement>)}
        >
          {children}
        </Heading>
      );
    };
  return {
    h2: heading('h2'),
    h3: heading('h3'),
    h4: heading('h4'),
    h5: heading('h5'),
    h6: heading('h6'),
    admonition({ type, title, icon, children }: ElementProps<'admonition'>) {
      const kind = String(type ?? 'note');
      return (
        <Admonition type={kind} title={title ? String(title) : t(`admonition.${kind}` as StringKey)} icon={icon ? String(icon) : undefined}>
          {children}
        </Admonition>
      );
    },
    tabs({ groupId, defaultValue, queryString, children }: ElementProps<'tabs'>) {
      const tabs = Children.toArray(children).filter(isValidElement) as ReactElement<ElementProps<'tab'>>[];
      const items = tabs.map((tab, position) => ({
        label: String(tab.props.label ?? `Tab ${position + 1}`),
        value: String(tab.props.value ?? tab.props.label ?? position),
        children: tab.props.children,
      }));
      return (
        <Tabs
          groupId={groupId ? String(groupId) : undefined}
          defaultValue={defaultValue !== undefined ? String(defaultValue) : undefined}
          queryString={queryString ? String(queryString) : undefined}
          items={items}
        />
      );
    },
    island({ component, props, src, node, children }: ElementProps<'island'>) {
      // Rendered at build time (its one `raw` child) and hydrated in the browser by enhanceContent from `src`.
      const raw = node?.children.length === 1 ? (node.children[0] as ElementContent | { type: 'raw'; value: string }) : undefined;
      const attributes = { 'data-component': component, style: { display: 'contents' } };
      if (raw?.type !== 'raw') return createElement('docgen-island', attributes, children);
      return createElement('docgen-island', {
        ...attributes,
        'data-props': props,
        'data-src': src,
        dangerouslySetInnerHTML: { __html: raw.value },
      });
    },
    'doc-card-list'() {
      const cards = context.route.type === 'doc' ? (context.route.docCards ?? []) : [];
      const countLabel = (count: number) =>
        translateCount(CARD_STRINGS, context.site.locale, context.site.translations, 'category.items', { count });
      return <CardGrid items={cards} countLabel={countLabel} link={ContentLink} />;
    },
    tab({ children }: ElementProps<'tab'>) {
      return <>{children}</>;
    },
    highlight({ color, children }: ElementProps<'highlight'>) {
      return (
        <span className="highlight" style={color ? getHighlightColors(String(color)) : undefined}>
          {children}
        </span>
      );
    },
    pre(props: Props) {
      // A diagram is drawn in the browser (content/diagrams.ts); its code block is what shows until then, or without JavaScript.
      return (
        <CodeBlock
          language={String(props['data-language'] ?? 'text')}
          title={props['data-title'] as string | undefined}
          lineNumbers={props['data-line-numbers'] as string | undefined}
          code={props.node && getCodeHtml(props.node)}
          diagram={props['data-diagram'] === 'mermaid' ? 'mermaid' : undefined}
          copyLabel={t('copy.button')}
          copiedLabel={t('copy.copied')}
        >
          {props.children}
        </CodeBlock>
      );
    },
    table({ node: _node, ...props }: Props) {
      return (
        <div className="table-wrapper">
          <table {...props} />
        </div>
      );
    },
    img({ node: _node, ...props }: Props) {
      // Labels of the zoom the browser adds (content/imageZoom.ts), in the page's language.
      return (
        <img loading="lazy" decoding="async" data-zoom-label={t('imageZoom.open')} data-zoom-close={t('imageZoom.close')} {...props} />
      );
    },
    a({ href, children, node: _node, ...rest }: Props) {
      // An anchor without href (`<a name="x">`, a target of links) is no link: an empty href would make it one to the page.
      if (href == null) return <a {...rest}>{children}</a>;
      const url = String(href);
      const external = /^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('mailto:');
      return external ? (
        <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
          {children}
        </a>
      ) : (
        <a href={url} {...rest}>
          {children}
        </a>
      );
    },
  };
}

/**
 * A code block whose lines the build keeps as HTML (a single `raw` node in `pre > code`, see
 * ContentElements in @docgen/types): its class and HTML, shown as they are.
 */
function getCodeHtml(pre: Element): HighlightedCode | undefined {
  const code = pre.children[0];
  if (pre.children.length !== 1 || code?.type !== 'element' || code.tagName !== 'code' || code.children.length !== 1) return undefined;
  // `raw` is the hast extension for HTML kept as a string (declared by mdast-util-to-hast, not a theme dependency).
  const raw = code.children[0] as ElementContent | { type: 'raw'; value: string };
  if (raw.type !== 'raw') return undefined;
  const className = code.properties.className;
  return { className: Array.isArray(className) ? className.join(' ') : String(className ?? ''), html: raw.value };
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) return textOf((node.props as Props).children);
  return '';
}

/** Renders markdown content (hast) to static HTML with the theme's components. */
export function renderContent(hast: HastRoot, context: ContentContext): string {
  const element = toJsxRuntime(hast, {
    Fragment,
    jsx: jsx as never,
    jsxs: jsxs as never,
    components: createComponents(context) as Partial<Components>,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    passKeys: true,
    passNode: true,
  });
  return renderToStaticMarkup(<TabsCounter.Provider value={{ count: 0 }}>{element}</TabsCounter.Provider>);
}

/** The contrast every highlight's text reaches with its background at least (WCAG AA, normal text). */
const HIGHLIGHT_CONTRAST = 4.5;

/**
 * The colours of `:highlight[text]{color=...}`: the author's colour as the background (made
 * opaque: the page behind differs between colour modes), with text that contrasts with it at
 * 4.5:1 or more in either mode. White text when it does; black on light colours; on mid tones,
 * where authors expect white (a brand blue), white on the colour darkened just enough. A colour
 * CSS does not know is left to the stylesheet's default.
 */
export function getHighlightColors(color: string): { backgroundColor: string; color: string } | undefined {
  const given = colord(color);
  if (!given.isValid()) return undefined;
  let background = given.alpha(1);
  if (background.contrast('#fff') < 3.5 && background.contrast('#000') >= HIGHLIGHT_CONTRAST) {
    return { backgroundColor: background.toHex(), color: '#000' };
  }
  while (background.contrast('#fff') < HIGHLIGHT_CONTRAST) background = background.darken(0.01);
  return { backgroundColor: background.toHex(), color: '#fff' };
}
