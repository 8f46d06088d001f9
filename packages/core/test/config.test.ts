import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getConfigJsonSchema, readConfig } from '../src/config/index.js';
import { CODE_THEME_NAMES } from '../src/config/codeThemes.js';
import { parseYamlFile } from '../src/yaml/index.js';
import { catchDocgenError, makeTempDir, removeTempDirs } from './helpers.js';

const SITE_THEME_DIR = fileURLToPath(new URL('../../../site-theme', import.meta.url));

/** A site folder holding only `docgen.config.yaml` (and `versions.json` when given). */
function siteWithConfig(yaml: string, versions?: string[]): string {
  const dir = makeTempDir('docgen-config-');
  writeFileSync(join(dir, 'docgen.config.yaml'), yaml);
  if (versions) writeFileSync(join(dir, 'versions.json'), JSON.stringify(versions));
  mkdirSync(join(dir, 'docs'));
  return dir;
}

const MINIMAL = 'title: 문서\nurl: https://docs.example.com/\n';

afterAll(removeTempDirs);

describe('readConfig: a valid config', () => {
  it('fills every default', () => {
    const config = readConfig(siteWithConfig(MINIMAL));
    expect(config).toEqual({
      title: '문서',
      tagline: '',
      titleDelimiter: '|',
      url: 'https://docs.example.com',
      baseUrl: '/',
      favicon: undefined,
      customFields: {},
      themeDir: SITE_THEME_DIR,
      customCss: [],
      i18n: {
        defaultLocale: 'en',
        locales: ['en'],
        localeConfigs: { en: { label: 'en', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' } },
        status: false,
        outdatedNotice: true,
      },
      docs: {
        id: 'default',
        path: 'docs',
        routeBasePath: 'docs',
        sidebarPath: 'sidebars.yaml',
        lastVersion: 'current',
        includeCurrentVersion: true,
        versions: {},
        versionedNames: [],
        sidebarCollapsible: true,
        sidebarCollapsed: true,
        breadcrumbs: true,
        editUrl: undefined,
        editLocalizedFiles: false,
        showLastUpdateTime: false,
        showLastUpdateAuthor: false,
      },
      docsInstances: [],
      blog: {
        path: 'blog',
        routeBasePath: 'blog',
        postsPerPage: 10,
        blogTitle: 'Blog',
        blogDescription: '',
        blogSidebarCount: 5,
        sidebarGroupByYear: true,
        editUrl: undefined,
        editLocalizedFiles: false,
        showLastUpdateTime: false,
        showLastUpdateAuthor: false,
      },
      themeConfig: {
        navbar: { hideOnScroll: false, items: [] },
        footer: { style: 'light', links: [] },
        announcementBar: undefined,
        colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
        tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
        code: { additionalLanguages: [] },
      },
      markdown: {
        math: false,
        mermaid: true,
        remarkPlugins: [],
        rehypePlugins: [],
        format: 'detect',
        npm2yarn: ['yarn', 'pnpm'],
        mdx1Compat: { comments: true, admonitions: true, headingIds: true },
      },
      search: { page: false },
      pdf: { paperSize: 'A4', cover: {}, build: false },
      redirects: [],
      extensionRedirects: { extensions: [], location: { file: 'docgen.config.yaml', line: 1, column: 1 } },
      headTags: [],
    });
  });

  it('takes the newest entry of versions.json as lastVersion and fills locale configs and navbar item positions', () => {
    const config = readConfig(
      siteWithConfig(
        [
          'title: T',
          'url: https://x.example.com',
          'i18n:',
          '  defaultLocale: ko',
          '  locales: [ko, en]',
          '  localeConfigs:',
          '    en:',
          '      label: English',
          '      htmlLang: en-US',
          'navbar:',
          '  items:',
          '    - label: Blog',
          '      to: /blog',
          '    - type: docsVersionDropdown',
          '      position: left',
          '',
        ].join('\n'),
        ['2.0', '1.0'],
      ),
    );
    expect(config.docs.lastVersion).toBe('2.0');
    expect(config.docs.versionedNames).toEqual(['2.0', '1.0']);
    expect(config.i18n.localeConfigs).toEqual({
      ko: { label: 'ko', direction: 'ltr', htmlLang: 'ko', calendar: 'gregory', path: 'ko' },
      en: { label: 'English', direction: 'ltr', htmlLang: 'en-US', calendar: 'gregory', path: 'en' },
    });
    expect(config.themeConfig.navbar.items).toEqual([
      { type: 'default', label: 'Blog', to: '/blog', position: 'right' },
      { type: 'docsVersionDropdown', position: 'left' },
    ]);
  });

  it('reads a config saved with a BOM and CRLF line endings', () => {
    const config = readConfig(siteWithConfig('\uFEFFtitle: T\r\nurl: https://x.example.com\r\n'));
    expect(config.title).toBe('T');
    expect(config.url).toBe('https://x.example.com');
  });

  it('accepts the $schema key that editors use', () => {
    expect(readConfig(siteWithConfig(`$schema: ./docgen.config.schema.json\n${MINIMAL}`)).title).toBe('문서');
  });
});

describe('readConfig: errors', () => {
  it('rejects an unknown navbar item type at the location of its type value', () => {
    const dir = siteWithConfig(
      [
        'title: T',
        'url: https://x.example.com',
        'navbar:',
        '  items:',
        '    - label: Home',
        '      to: /',
        '    - type: fancy',
        '      label: x',
        '',
      ].join('\n'),
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('No NavbarItem component found for type "fancy"');
    expect(error.code).toBe('config-navbar-item-type');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 7, column: 13 });
    expect(error.hint).toBe(
      'Use one of the navbar item types: default, doc, docSidebar, dropdown, docsVersionDropdown, localeDropdown, html.',
    );
  });

  it('rejects an unknown docs.lastVersion and lists the known versions', () => {
    const dir = siteWithConfig(['title: T', 'url: https://x.example.com', 'docs:', '  lastVersion: "9.9"', ''].join('\n'), ['1.0', '0.9']);
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Docs version "9.9" in docs.lastVersion does not exist. Available version names are: current, 1.0, 0.9');
    expect(error.code).toBe('config-unknown-version');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 16 });
    expect(error.hint).toBe('Use one of the available names, or add "9.9" to versions.json with docgen version cut 9.9.');
  });

  it('rejects an unknown version name among the keys of docs.versions', () => {
    const dir = siteWithConfig(
      [
        'title: T',
        'url: https://x.example.com',
        'docs:',
        '  versions:',
        '    current:',
        '      label: Next',
        '    "3.0": { label: Three }',
        '',
      ].join('\n'),
      ['1.0', '0.9'],
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Docs version "3.0" in docs.versions does not exist. Available version names are: current, 1.0, 0.9');
    expect(error.location?.file).toBe('docgen.config.yaml');
    expect(error.location?.line).toBe(7);
  });

  // Regression test for a bug found in review.
  it('points an unknown docs.versions key with a block value at the key, not at its value', () => {
    const dir = siteWithConfig(
      ['title: T', 'url: https://x.example.com', 'docs:', '  versions:', '    "3.0":', '      label: Three', ''].join('\n'),
      ['1.0'],
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 5, column: 5 });
  });

  it('rejects an unknown version in the versions list of a docsVersionDropdown', () => {
    const dir = siteWithConfig(
      [
        'title: T',
        'url: https://x.example.com',
        'navbar:',
        '  items:',
        '    - type: docsVersionDropdown',
        '      versions: [current, "1.0", "7.0"]',
        '',
      ].join('\n'),
      ['1.0', '0.9'],
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe(
      'Docs version "7.0" in a docsVersionDropdown navbar item does not exist. Available version names are: current, 1.0, 0.9',
    );
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 6, column: 34 });
  });

  it('does not offer "current" when includeCurrentVersion is false', () => {
    const dir = siteWithConfig(
      ['title: T', 'url: https://x.example.com', 'docs:', '  includeCurrentVersion: false', '  lastVersion: current', ''].join('\n'),
      ['1.0'],
    );
    expect(catchDocgenError(() => readConfig(dir)).message).toBe(
      'Docs version "current" in docs.lastVersion does not exist. Available version names are: 1.0',
    );
  });

  it('rejects an unknown option, naming its full path, at its line', () => {
    const dir = siteWithConfig(['title: T', 'url: https://x.example.com', 'navbar:', '  title: Docs', '  colour: red', ''].join('\n'));
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Unknown option "navbar.colour"');
    expect(error.code).toBe('config-invalid');
    expect(error.location?.file).toBe('docgen.config.yaml');
    expect(error.location?.line).toBe(5);
    expect(error.hint).toBe('Remove it or check its spelling; options here: title, logo, hideOnScroll, style, items.');
  });

  it('says which option a misspelt one may be, at any depth and in each kind of navbar item', () => {
    const dir = siteWithConfig(
      [
        'title: T',
        'url: https://x.example.com',
        'taglin: hi',
        'navbar:',
        '  items:',
        '    - type: docSidebar',
        '      sidebarId: a',
        '      label: A',
        '      positon: left',
        'docs:',
        '  lastVersio: current',
        '',
      ].join('\n'),
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.diagnostics.map(({ message, hint, location }) => [message, hint, `${location?.line}:${location?.column}`])).toEqual([
      ['Unknown option "docs.lastVersio": did you mean "lastVersion"?', 'Rename it to lastVersion.', '11:3'],
      ['Unknown option "navbar.items.0.positon": did you mean "position"?', 'Rename it to position.', '9:7'],
      ['Unknown option "taglin": did you mean "tagline"?', 'Rename it to tagline.', '3:1'],
    ]);
  });

  it('says which key or type a navbar or footer item misspells, not "Invalid input"', () => {
    const messages = (items: string[]) => {
      const dir = siteWithConfig(['title: T', 'url: https://x.example.com', ...items, ''].join('\n'));
      return catchDocgenError(() => readConfig(dir)).diagnostics.map(
        ({ message, location }) => `${location?.line}:${location?.column} ${message}`,
      );
    };
    // A key of the item's own type, misspelt: only that, not also "Missing required option sidebarId".
    expect(messages(['navbar:', '  items:', '    - type: docSidebar', '      sidebarID: docs', '      label: Docs'])).toEqual([
      '6:7 Unknown option "navbar.items.0.sidebarID": did you mean "sidebarId"?',
    ]);
    expect(messages(['navbar:', '  items:', '    - labl: Home', '      to: /'])).toEqual([
      '5:7 Unknown option "navbar.items.0.labl": did you mean "label"?',
    ]);
    const dropdown = ['navbar:', '  items:', '    - type: dropdown', '      label: More', '      items:'];
    expect(messages([...dropdown, '        - type: doc', '          docID: intro', '          label: Intro'])).toEqual([
      '9:11 Unknown option "navbar.items.0.items.0.docID": did you mean "docId"?',
    ]);
    expect(messages([...dropdown, '        - type: docSidebr', '          label: Intro'])).toEqual([
      '8:17 Unknown item type "docSidebr" in "navbar.items.0.items.0": did you mean "docSidebar"?',
    ]);
    expect(messages(['navbar:', '  items:', '    - type: docsVersionDropdwn'])).toEqual([
      '5:13 No NavbarItem component found for type "docsVersionDropdwn": did you mean "docsVersionDropdown"?',
    ]);
    expect(
      messages(['footer:', '  links:', '    - title: More', '      items:', '        - lable: Blog', '          to: /blog']),
    ).toContain('7:11 Unknown option "footer.links.0.items.0.lable": did you mean "label"?');
  });

  // Regression test for a bug found in review.
  it('reports an unknown option whose value is a block mapping at the line of the key', () => {
    const dir = siteWithConfig(['title: T', 'url: https://x.example.com', 'navbar:', '  colours:', '    primary: red', ''].join('\n'));
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Unknown option "navbar.colours"');
    expect(error.location?.line).toBe(4);
  });

  // Regression test for a bug found in review.
  it('reports every unknown option of one mapping, not only the first', () => {
    const dir = siteWithConfig(['title: T', 'url: https://x.example.com', 'foo: 1', 'bar: 2', ''].join('\n'));
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.diagnostics.map((diagnostic) => diagnostic.message)).toEqual(['Unknown option "foo"', 'Unknown option "bar"']);
  });

  it('reports a value of the wrong type at its line and column, with what was found', () => {
    const dir = siteWithConfig(
      ['title: T', 'url: https://x.example.com', 'blog:', '  blogTitle: News', '  postsPerPage: "ten"', ''].join('\n'),
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Invalid value for "blog.postsPerPage": Invalid input: expected number, received string');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 5, column: 17 });
    expect(error.hint).toBe('Found "ten".');
  });

  it('reports a wrong type deep inside lists at the right line', () => {
    const dir = siteWithConfig(
      [
        'title: T',
        'url: https://x.example.com',
        'footer:',
        '  links:',
        '    - title: Docs',
        '      items:',
        '        - label: Intro',
        '          to: /docs/intro',
        '        - label: 5',
        '',
      ].join('\n'),
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Invalid value for "footer.links.0.items.1.label": Invalid input: expected string, received number');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 9, column: 18 });
  });

  it('reports every missing required option together', () => {
    const error = catchDocgenError(() => readConfig(siteWithConfig('tagline: only a tagline\n')));
    expect(error.message).toBe('Missing required option "title"');
    expect(error.hint).toBe('Add "title" to docgen.config.yaml.');
    expect(error.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Missing required option "title"',
      'Missing required option "url"',
    ]);
  });

  it('rejects a default locale that is not among the locales', () => {
    const dir = siteWithConfig(
      ['title: T', 'url: https://x.example.com', 'i18n:', '  defaultLocale: fr', '  locales: [ko, en]', ''].join('\n'),
    );
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('The default locale "fr" is not one of i18n.locales (ko, en)');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 18 });
  });

  it('fails when there is no config file', () => {
    const dir = makeTempDir('docgen-empty-');
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe(`No docgen.config.yaml found in ${dir}`);
    expect(error.code).toBe('config-missing');
    expect(error.hint).toBe(`To start a site here: docgen init ${dir}`);
  });

  it('reports malformed YAML at file:line:col, an unclosed bracket where it opens', () => {
    const dir = siteWithConfig(['title: T', 'url: https://x.example.com', 'navbar:', '  items: [a, b', '  title: x', ''].join('\n'));
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('Invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]');
    expect(error.code).toBe('yaml-syntax');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 10 });
  });

  it('reports a duplicated key as a YAML error at the second occurrence', () => {
    const error = catchDocgenError(() => readConfig(siteWithConfig('title: T\nurl: https://x.example.com\ntitle: U\n')));
    expect(error.message).toBe('Invalid YAML: Map keys must be unique');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 3, column: 1 });
  });

  it('rejects a versions.json that is not an array of names', () => {
    const dir = siteWithConfig(MINIMAL);
    writeFileSync(join(dir, 'versions.json'), '{"1.0": true}');
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('versions.json must be an array of version names');
    expect(error.location).toEqual({ file: 'versions.json', line: 1, column: 1 });
  });
});

describe('readConfig: customCss', () => {
  it('takes one file or a list, as site-relative paths in their order', () => {
    const dir = siteWithConfig(`${MINIMAL}customCss: ./src/css/custom.css\n`);
    mkdirSync(join(dir, 'src/css'), { recursive: true });
    writeFileSync(join(dir, 'src/css/custom.css'), ':root { --ifm-color-primary: red; }');
    writeFileSync(join(dir, 'src/css/more.css'), '');
    expect(readConfig(dir).customCss).toEqual(['src/css/custom.css']);
    writeFileSync(join(dir, 'docgen.config.yaml'), `${MINIMAL}customCss:\n  - src/css/more.css\n  - src/css/custom.css\n`);
    expect(readConfig(dir).customCss).toEqual(['src/css/more.css', 'src/css/custom.css']);
    // Sass, as docusaurus-plugin-sass sites list it.
    writeFileSync(join(dir, 'src/css/theme.scss'), '$brand: red;\n:root { --ifm-color-primary: $brand; }\n');
    writeFileSync(join(dir, 'src/css/old.sass'), ':root\n  --x: 1\n');
    writeFileSync(join(dir, 'docgen.config.yaml'), `${MINIMAL}customCss: [src/css/theme.scss, src/css/old.sass]\n`);
    expect(readConfig(dir).customCss).toEqual(['src/css/theme.scss', 'src/css/old.sass']);
  });

  it('names the config entry of a missing file', () => {
    const dir = siteWithConfig(`${MINIMAL}customCss:\n  - src/css/custom.css\n  - src/css/gone.css\n`);
    mkdirSync(join(dir, 'src/css'), { recursive: true });
    writeFileSync(join(dir, 'src/css/custom.css'), '');
    const error = catchDocgenError(() => readConfig(dir));
    expect(error.message).toBe('customCss file "src/css/gone.css" does not exist');
    expect(error.code).toBe('config-custom-css');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 5, column: 5 });
  });

  it('rejects a file outside the site, a file that is not a stylesheet and a value of the wrong type', () => {
    const outside = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}customCss: ../theirs.css\n`)));
    expect(outside.message).toBe('customCss "../theirs.css" is outside the site folder');
    expect(outside.location).toEqual({ file: 'docgen.config.yaml', line: 3, column: 12 });
    const notCss = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}customCss: [docs]\n`)));
    expect(notCss.message).toBe('customCss "docs" is not a stylesheet');
    expect(notCss.hint).toContain('.scss');
    const wrongType = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}customCss: 3\n`)));
    expect(wrongType.code).toBe('config-invalid');
    expect(wrongType.location).toEqual({ file: 'docgen.config.yaml', line: 3, column: 12 });
  });
});

describe('readConfig: pdf', () => {
  it('takes versions named by the site (current, or versions.json) and its locales', () => {
    const config = readConfig(
      siteWithConfig(`${MINIMAL}pdf:\n  versions: [current, '1.0']\n  paperSize: Letter\n  build: true\n`, ['1.0']),
    );
    expect(config.pdf).toEqual({ versions: ['current', '1.0'], paperSize: 'Letter', cover: {}, build: true });
  });

  it('refuses a version or locale the site does not have, at its line, naming those it has', () => {
    const version = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}pdf:\n  versions: [current, '9.9']\n`, ['1.0'])));
    expect(version.message).toBe('pdf.versions has "9.9", which is no docs version of the site');
    expect(version.hint).toContain('current, 1.0');
    expect(version.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 23 });
    const locale = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}pdf:\n  locales: [fr]\n`)));
    expect(locale.message).toBe('pdf.locales has "fr", which is not one of i18n.locales (en)');
    const paper = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}pdf:\n  paperSize: B5\n`)));
    expect(paper.code).toBe('config-invalid');
    expect(paper.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 14 });
  });
});

describe('parseYamlFile', () => {
  it('adds the line offset to locations (front matter starts on line 2)', () => {
    const yaml = parseYamlFile('a: 1\nb:\n  c: [x, y]\n', 'docs/a.md', 1);
    expect(yaml.locate(['b', 'c', 1])).toEqual({ file: 'docs/a.md', line: 4, column: 10 });
    expect(yaml.locate(['b', 'missing'])).toEqual({ file: 'docs/a.md', line: 4, column: 3 });
  });

  it('keeps __proto__ an ordinary key', () => {
    const value = parseYamlFile('__proto__:\n  polluted: yes\n', 'x.yaml').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('getConfigJsonSchema', () => {
  it('describes the config file as a strict object', () => {
    const schema = getConfigJsonSchema() as {
      $schema: string;
      type: string;
      additionalProperties: boolean;
      required: string[];
      properties: Record<string, { type?: string; properties?: Record<string, unknown> }>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['title', 'url']);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['title', 'url', 'i18n', 'docs', 'blog', 'navbar', 'footer', 'announcementBar', 'colorMode']),
    );
    expect(Object.keys(schema.properties.i18n!.properties!)).toEqual([
      'defaultLocale',
      'locales',
      'localeConfigs',
      'status',
      'outdatedNotice',
    ]);
    expect(Object.keys(schema.properties.docs!.properties!)).toEqual(
      expect.arrayContaining(['path', 'lastVersion', 'versions', 'onlyIncludeVersions', 'includeCurrentVersion']),
    );
    expect(JSON.stringify(schema.properties.navbar)).toContain('"docsVersionDropdown"');
  });
});

describe('readConfig: head tags, scripts, redirects and edit links', () => {
  it('takes headTags then scripts as head tags, leaving false attributes out', () => {
    const config = readConfig(
      siteWithConfig(
        `${MINIMAL}headTags:\n  - tagName: link\n    attributes: { rel: preconnect, href: "https://fonts.example.com" }\nscripts:\n  - https://stats.example.com/a.js\n  - { src: /b.js, defer: true, async: false, data-domain: docs.example.com }\n`,
      ),
    );
    expect(config.headTags).toEqual([
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example.com' } },
      { tagName: 'script', attributes: { src: 'https://stats.example.com/a.js' } },
      { tagName: 'script', attributes: { src: '/b.js', defer: true, 'data-domain': 'docs.example.com' } },
    ]);
  });

  it('refuses a script text that would end its tag, at its line', () => {
    const error = catchDocgenError(() =>
      readConfig(
        siteWithConfig(`${MINIMAL}headTags:\n  - tagName: script\n    attributes: {}\n    innerHTML: "x</script><script>alert(1)"\n`),
      ),
    );
    expect(error.message).toBe('The innerHTML of a script head tag contains "</script"');
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 6, column: 16 });
  });

  it('refuses an attribute name that could break out of its tag, and a tag it does not know, at their lines', () => {
    const badName = catchDocgenError(() =>
      readConfig(siteWithConfig(`${MINIMAL}headTags:\n  - tagName: meta\n    attributes:\n      "x><script": a\n`)),
    );
    expect(badName.message).toMatch(/^Invalid value for "headTags\.0\.attributes\.x><script"/);
    expect(badName.location).toMatchObject({ file: 'docgen.config.yaml', line: 6 });
    const badTag = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}headTags:\n  - tagName: iframe\n    attributes: {}\n`)));
    expect(badTag.message).toMatch(/^Invalid value for "headTags\.0\.tagName"/);
    expect(badTag.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 14 });
  });

  it('names an unknown editUrl placeholder at its line', () => {
    const error = catchDocgenError(() =>
      readConfig(siteWithConfig(`${MINIMAL}docs:\n  editUrl: https://github.com/o/r/edit/main/{docsPath}\n`)),
    );
    expect(error.message).toBe(
      'Invalid value for "docs.editUrl": unknown placeholder {docsPath}; known: {versionDocsDirPath}, {path}, {docPath}, {locale}, {version}',
    );
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 12 });
  });

  it('gives each old URL of redirects its own entry, with where its from and to were written', () => {
    const config = readConfig(siteWithConfig(`${MINIMAL}redirects:\n  - from: [/a, /b]\n    to: /docs/x#y\n`));
    expect(config.redirects).toEqual([
      {
        from: '/a',
        to: '/docs/x#y',
        location: { file: 'docgen.config.yaml', line: 4, column: 12 },
        toLocation: { file: 'docgen.config.yaml', line: 5, column: 9 },
      },
      {
        from: '/b',
        to: '/docs/x#y',
        location: { file: 'docgen.config.yaml', line: 4, column: 16 },
        toLocation: { file: 'docgen.config.yaml', line: 5, column: 9 },
      },
    ]);
  });
});

describe('code.theme and code.darkTheme by name', () => {
  const { themes } = createRequire(import.meta.url)('prism-react-renderer') as { themes: Record<string, unknown> };

  it("names every theme of the installed prism-react-renderer, and no other (the schema's list does not load it)", () => {
    expect([...CODE_THEME_NAMES].sort()).toEqual(Object.keys(themes).sort());
  });

  it("takes a theme's colours from prism-react-renderer", () => {
    const config = readConfig(siteWithConfig(`${MINIMAL}code:\n  theme: github\n  darkTheme: dracula\n`));
    expect(config.themeConfig.code.theme).toEqual(themes.github);
    expect(config.themeConfig.code.darkTheme).toEqual(themes.dracula);
  });

  it('rejects a name that is no theme, at its line, naming the themes', () => {
    const error = catchDocgenError(() => readConfig(siteWithConfig(`${MINIMAL}code:\n  theme: githbu\n`)));
    expect(error.location).toEqual({ file: 'docgen.config.yaml', line: 4, column: 10 });
    expect(`${error.message}\n${error.hint ?? ''}`).toMatch(/github/);
  });
});
