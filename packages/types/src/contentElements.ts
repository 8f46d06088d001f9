/**
 * The contract between the compile stage and the theme: the elements compiled markdown holds for
 * the theme to render (besides plain HTML elements), with their properties. Compile writes them
 * (directives, code blocks) into the content tree; the theme's `renderContent` has a component
 * for each. Property names are hast's: the theme receives `dataLanguage` as `data-language`.
 */

/** The admonition types the theme shows (`:::important` and GitHub's `[!IMPORTANT]` are shown as `info`). */
export type AdmonitionType = 'note' | 'tip' | 'info' | 'warning' | 'danger' | 'caution';

/** The content elements by tag name, with the properties compile gives them. */
export interface ContentElements {
  /**
   * `:::note` and the other admonitions: `title` when written (`:::tip[Title]`), else the theme's
   * word for the type; `icon`, text shown instead of the type's icon (MDX's `<Admonition icon="💡">`).
   */
  admonition: { type: AdmonitionType; title?: string; icon?: string };
  /**
   * `::::tabs{groupId=...}` or MDX's `<Tabs>`: its children are `tab` elements. `defaultValue` is the
   * tab shown first (else the first); `queryString` the URL search parameter that chooses a tab.
   */
  tabs: { groupId?: string; defaultValue?: string; queryString?: string };
  /** `:::tab{label=... value=...}` inside `tabs`; `value` defaults to the label. */
  tab: { label: string; value: string };
  /**
   * A site component in an MDX page (`<Counter start={1} />`), an island: `component` is the module's
   * site path and export (`src/components/Counter.tsx#default`), `props` its props as JSON. Its
   * children are content; the render stage puts its server-rendered HTML in a single `raw` child
   * and the URL of its browser code in `src`.
   */
  island: { component: string; props: string; src?: string };
  /**
   * MDX's `<DocCardList />` in a doc that is the page of a sidebar category: a card for each item
   * of that category, which the theme takes from the route (`docCards` of a doc route).
   */
  'doc-card-list': Record<string, never>;
  /** `:highlight[text]{color=...}`. */
  highlight: { color?: string };
  /**
   * A fenced code block: `pre` whose single `code` child holds a single `raw` node, its lines
   * highlighted as one HTML string (see HighlightedCode).
   */
  pre: {
    dataLanguage: string;
    dataTitle?: string;
    dataLineNumbers?: string;
    /** `mermaid` on a ```` ```mermaid ```` block of a site with diagrams: the theme draws it in the browser. */
    dataDiagram?: 'mermaid';
  };
}

/** A code block's `code` element as the theme shows it: its class, and its highlighted lines as one HTML string. */
export interface HighlightedCode {
  className: string;
  html: string;
}
