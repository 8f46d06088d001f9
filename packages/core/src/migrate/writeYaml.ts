import { stringify } from '../vendor/yaml.js';

const OPTIONS = { lineWidth: 0, defaultStringType: 'PLAIN', defaultKeyType: 'PLAIN' } as const;

/** A YAML file with a leading comment. */
export function toYaml(value: unknown, comment: string): string {
  return `# ${comment}\n${stringify(value, OPTIONS)}`;
}

/** What each section of docgen.config.yaml is, written above it. */
const SECTION_COMMENTS: Record<string, string> = {
  title: 'The site: its name, its address and where under that address it is served.',
  i18n: 'Locales: the default one is served at the root, the others under /<locale>/.',
  docs: 'Docs: docs/ and versioned_docs/ with versions.json, as Docusaurus keeps them.',
  docsInstances: 'Other docs instances (docs plugins with an id): <id>_versions.json, <id>_versioned_docs/, i18n/<locale>/docs-<id>/.',
  blog: 'Blog: posts in blog/, authors in blog/authors.yaml, tags in blog/tags.yaml.',
  navbar: 'The navbar. Item types: default (a link), doc, docSidebar, dropdown, docsVersionDropdown, localeDropdown.',
  footer: 'The footer: columns of links.',
  announcementBar: 'The bar above the navbar; change id to show it again to readers who closed it.',
  colorMode: 'Light and dark mode.',
  tableOfContents: 'Headings shown in the table of contents of a page.',
  code: 'Code blocks: Prism languages highlighted besides the defaults.',
};

/** docgen.config.yaml: a comment on each section, then its values. */
export function toConfigYaml(config: Record<string, unknown>, configName: string): string {
  let text = `# Converted from ${configName} by docgen migrate docusaurus: see MIGRATION.md for what was not converted.\n`;
  text += '# Reference: `docgen config-schema` prints every option with its description.\n';
  let site: Record<string, unknown> = {};
  const flushSite = () => {
    if (Object.keys(site).length === 0) return;
    text += `\n# ${SECTION_COMMENTS.title}\n${stringify(site, OPTIONS)}`;
    site = {};
  };
  for (const [key, value] of Object.entries(config)) {
    if (typeof value !== 'object' || value === null) {
      site[key] = value;
      continue;
    }
    flushSite();
    text += `\n${SECTION_COMMENTS[key] ? `# ${SECTION_COMMENTS[key]}\n` : ''}${stringify({ [key]: value }, OPTIONS)}`;
  }
  flushSite();
  return text;
}
