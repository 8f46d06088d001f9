import type { SourcePage } from '@docgen/types';
import { getToc, titledContentSlots, type LocaleContext } from './context.js';
import type { PendingRoute } from './pendingRoute.js';

/** Routes of standalone pages (`pages/`): markdown pages and React component pages. */
export function loadPageRoutes(context: LocaleContext): PendingRoute[] {
  const { content } = context.input;
  return content.pages
    .filter((page) => page.locale === context.locale && (context.input.includeDrafts || !page.markdown?.frontMatter.draft))
    .map((page) => toPendingRoute(context, page));
}

function toPendingRoute(context: LocaleContext, page: SourcePage): PendingRoute {
  const path = (context.baseUrl + page.routePath.replace(/^\//, '')).normalize('NFC');
  const key = `page:${page.routePath}`;
  if (page.kind === 'component') {
    const component = page.file.sitePath;
    return {
      route: {
        path,
        locale: context.locale,
        key,
        isTranslation: true,
        anchorIds: [],
        sources: [page.file.sitePath],
        slots: {},
        componentModule: page.modulePath,
      },
      page: { type: 'page', path, component },
      links: [],
    };
  }
  const markdown = page.markdown!;
  const compiled = context.input.compile(markdown);
  return {
    route: {
      path,
      locale: context.locale,
      key,
      isTranslation: !page.isFallback,
      anchorIds: compiled.anchorIds,
      sources: [page.file.sitePath],
      slots: titledContentSlots(compiled),
    },
    page: {
      type: 'markdownPage',
      path,
      // A React page's <Layout title> titles it as it renders; without one, as Docusaurus titles
      // it, the site's title (its document title is then the site's alone).
      title:
        markdown.frontMatter.title ??
        compiled.contentTitle ??
        (page.kind === 'react' ? (context.translations.title ?? context.input.config.title) : page.routePath),
      description: markdown.frontMatter.description ?? compiled.description,
      noIndex: markdown.frontMatter.unlisted ?? false,
      toc: getToc(context, compiled.headings),
      hideTableOfContents: markdown.frontMatter.hideTableOfContents ?? false,
      ...(page.kind === 'react' && { reactPage: true }),
      ...(markdown.frontMatter.keywords && { keywords: markdown.frontMatter.keywords }),
      ...(markdown.frontMatter.head && { head: markdown.frontMatter.head }),
      ...(markdown.frontMatter.image && { image: markdown.frontMatter.image }),
    },
    linkBase: `pages/${page.file.sitePath.replace(/^(i18n\/[^/]+\/)?pages\//, '')}`,
    links: compiled.links,
    ...(markdown.frontMatter.redirectFrom && { redirectFrom: markdown.frontMatter.redirectFrom }),
  };
}
