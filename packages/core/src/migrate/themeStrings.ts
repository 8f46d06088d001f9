/**
 * Docusaurus theme translation ids (`i18n/<locale>/code.json`) that have a docgen counterpart:
 * the keys of docgen's theme UI strings (`i18n/<locale>/theme.yaml`), and the placeholders
 * renamed where the two spell them differently. Plural forms (`One post|{count} posts`) are read
 * as Docusaurus reads them, one form per plural category of the locale (see translateCount in the
 * theme's plural.ts).
 */
export const CODE_JSON_IDS: Record<string, { keys: string[]; placeholders?: Record<string, string> }> = {
  'theme.common.skipToMainContent': { keys: ['skipToContent'] },
  'theme.AnnouncementBar.closeButtonAriaLabel': { keys: ['announcement.close'] },
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': { keys: ['navbar.toggle'] },
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': { keys: ['navbar.mainMenu'] },
  'theme.navbar.mobileLanguageDropdown.label': { keys: ['languages'] },
  'theme.navbar.mobileVersionsDropdown.label': { keys: ['versions'] },
  'theme.colorToggle.ariaLabel': { keys: ['colorMode.toggle'] },
  'theme.colorToggle.ariaLabel.mode.light': { keys: ['colorMode.light'] },
  'theme.colorToggle.ariaLabel.mode.dark': { keys: ['colorMode.dark'] },
  'theme.colorToggle.ariaLabel.mode.system': { keys: ['colorMode.system'] },
  'theme.docs.sidebar.navAriaLabel': { keys: ['sidebar.label'] },
  'theme.DocSidebarItem.toggleCollapsedCategoryAriaLabel': { keys: ['sidebar.toggleCategory'] },
  'theme.docs.breadcrumbs.navAriaLabel': { keys: ['breadcrumbs.label'] },
  'theme.docs.breadcrumbs.home': { keys: ['breadcrumbs.home'] },
  'theme.TOCCollapsible.toggleButtonLabel': { keys: ['toc.title'] },
  'theme.docs.paginator.navAriaLabel': { keys: ['paginator.label'] },
  'theme.docs.paginator.previous': { keys: ['paginator.previous'] },
  'theme.docs.paginator.next': { keys: ['paginator.next'] },
  'theme.docs.versionBadge.label': { keys: ['version.badge'], placeholders: { versionLabel: 'version' } },
  'theme.IconExternalLink.ariaLabel': { keys: ['externalLink'] },
  'theme.SearchBar.label': { keys: ['search.label'] },
  'theme.CodeBlock.copyButtonAriaLabel': { keys: ['copy.button'] },
  'theme.CodeBlock.copied': { keys: ['copy.copied'] },
  'theme.common.headingLinkTitle': { keys: ['heading.link'], placeholders: { heading: 'title' } },
  'theme.admonition.note': { keys: ['admonition.note'] },
  'theme.admonition.tip': { keys: ['admonition.tip'] },
  'theme.admonition.info': { keys: ['admonition.info'] },
  'theme.admonition.warning': { keys: ['admonition.warning'] },
  'theme.admonition.danger': { keys: ['admonition.danger'] },
  'theme.admonition.caution': { keys: ['admonition.caution'] },
  'theme.ErrorPageContent.title': { keys: ['error.title'] },
  'theme.ErrorPageContent.tryAgain': { keys: ['error.tryAgain'] },
  'theme.NotFound.title': { keys: ['notFound.title'] },
  'theme.NotFound.p1': { keys: ['notFound.p1'] },
  'theme.NotFound.p2': { keys: ['notFound.p2'] },
  'theme.docs.versions.unreleasedVersionLabel': {
    keys: ['banner.unreleased'],
    placeholders: { siteTitle: 'site', versionLabel: 'version' },
  },
  'theme.docs.versions.unmaintainedVersionLabel': {
    keys: ['banner.unmaintained'],
    placeholders: { siteTitle: 'site', versionLabel: 'version' },
  },
  'theme.docs.versions.latestVersionSuggestionLabel': {
    keys: ['banner.latestLink'],
    placeholders: { latestVersionLink: 'link', versionLabel: 'latest' },
  },
  'theme.docs.versions.latestVersionLinkLabel': { keys: ['banner.latestLinkLabel'] },
  'theme.contentVisibility.unlistedBanner.message': { keys: ['banner.unlisted'] },
  'theme.contentVisibility.draftBanner.message': { keys: ['banner.draft'] },
  'theme.blog.post.readMore': { keys: ['blog.readMore'] },
  'theme.blog.post.readMoreLabel': { keys: ['blog.readMoreAbout'] },
  'theme.tags.tagsListLabel': { keys: ['blog.tagged'] },
  'theme.tags.tagsPageTitle': { keys: ['blog.tags'] },
  'theme.tags.tagsPageLink': { keys: ['blog.allTags'] },
  // The archive's heading in the theme, and its page title given by the build.
  'theme.blog.archive.title': { keys: ['blog.archive', 'blog.archive.title'] },
  'theme.blog.authorsList.pageTitle': { keys: ['blog.authors'] },
  'theme.blog.paginator.navAriaLabel': { keys: ['blog.listLabel'] },
  'theme.blog.paginator.newerEntries': { keys: ['blog.newerEntries'] },
  'theme.blog.paginator.olderEntries': { keys: ['blog.olderEntries'] },
  'theme.blog.post.paginator.navAriaLabel': { keys: ['blog.postLabel'] },
  'theme.blog.post.paginator.newerPost': { keys: ['blog.newer'] },
  'theme.blog.post.paginator.olderPost': { keys: ['blog.older'] },
  'theme.blog.sidebar.navAriaLabel': { keys: ['blog.sidebarLabel'] },
  // An author's count of posts on the list of authors.
  'theme.blog.post.plurals': { keys: ['blog.postCount'] },
  'theme.docs.DocCard.categoryDescription.plurals': { keys: ['category.items'] },
};

/**
 * The docgen theme strings of Docusaurus `code.json` messages (`[id, message]`), and the ids that
 * have no docgen counterpart, in their order.
 */
export function convertThemeStrings(messages: [string, string][]): { strings: Record<string, string>; unmapped: string[] } {
  const strings: Record<string, string> = {};
  const unmapped: string[] = [];
  for (const [id, message] of messages) {
    const target = Object.hasOwn(CODE_JSON_IDS, id) ? CODE_JSON_IDS[id] : undefined;
    if (!target) {
      unmapped.push(id);
      continue;
    }
    const renames = target.placeholders ?? {};
    const text = message.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(renames, name) ? `{${renames[name]}}` : match));
    for (const key of target.keys) strings[key] = text;
  }
  return { strings, unmapped };
}
