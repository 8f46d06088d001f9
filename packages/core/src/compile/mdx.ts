import { encodePath, MDX_THEME_IMPORTS, type MdxThemeComponent } from '@docgen/shared';
import type { AdmonitionType, ContentElements } from '@docgen/types';
import type { Expression, Program } from 'estree-jsx';
import type { Code, Heading, Link, Paragraph, Parent, Root as MdastRoot, RootContent as MdastContent, Text } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { mdastToString, find, html, VFile } from '../vendor/markdown.js';
import type { Processor } from 'unified';
import { getImportedFileKind, resolveSitePath, SITE_ALIAS, type ImportedFileKind } from '../files/index.js';
import { getCompileData, type CompileData, type MdxInput } from './compileData.js';
import { isKnownHtmlTag } from './htmlTags.js';
import {
  evaluateExpression,
  getProgramExpression,
  MdxExpressionError,
  MOVE_HINT,
  positionOf,
  TOC_PLACEHOLDER,
  type MdxScope,
  type MdxValue,
} from './mdxEvaluate.js';

/** The Docusaurus theme components an `.mdx` file may import, by module, and what each becomes. */
const THEME_MODULES: Record<string, MappedComponent> = MDX_THEME_IMPORTS;
type MappedComponent = MdxThemeComponent;

const ADMONITION_TYPES: Record<string, AdmonitionType> = {
  note: 'note',
  tip: 'tip',
  info: 'info',
  warning: 'warning',
  danger: 'danger',
  caution: 'caution',
  important: 'info',
  secondary: 'note',
  success: 'tip',
};

type Binding =
  | { kind: 'theme'; component: MappedComponent }
  | { kind: 'partial'; sitePath: string }
  | { kind: 'island'; component: string }
  /** A file of the site (an image, a PDF): its `@site/` URL, which the manifest resolves as it resolves links. */
  | { kind: 'file'; url: string; source: string };

/** Where an MDX node's content comes from: the page or one of its partials. */
interface Origin {
  sourcePath: string;
  lineOffset: number;
  /** Partials being inlined, to refuse a cycle. */
  chain: string[];
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * MDX content to docgen's: imports of Docusaurus's theme components become the content elements
 * the theme renders (tabs, admonitions, code blocks, details, headings, links), imported partials
 * are inlined, plain JSX elements become HTML (sanitised as raw HTML is, by rehypeDocgen) and
 * expressions are evaluated from their syntax tree at build time (mdxEvaluate.ts). Whatever
 * cannot be is an error at its file, line and column.
 */
export function remarkMdxDocgen(this: Processor) {
  const processor = this;
  return (tree: MdastRoot, file: VFile) => {
    const data = getCompileData(file.data);
    const input = data.mdx ?? { frontMatter: {}, partials: {}, modules: {}, files: [] };
    const first = tree.children.find((node) => node.type !== 'mdxjsEsm');
    const heading = first?.type === 'heading' && first.depth === 1 ? mdastToString(first) : undefined;
    const title = typeof input.frontMatter.title === 'string' ? input.frontMatter.title : heading;
    const scope: MdxScope = { frontMatter: input.frontMatter, title };
    const parsePartial = (sitePath: string): MdastRoot => {
      const partial = input.partials[sitePath]!;
      return processor.parse(new VFile({ value: partial.body, path: sitePath })) as MdastRoot;
    };
    transformTree(
      tree,
      { sourcePath: data.sourcePath, lineOffset: data.lineOffset, chain: [data.sourcePath] },
      data,
      input,
      scope,
      parsePartial,
    );
  };
}

function transformTree(
  tree: MdastRoot,
  origin: Origin,
  data: CompileData,
  input: MdxInput,
  scope: MdxScope,
  parsePartial: (sitePath: string) => MdastRoot,
): void {
  const fail = (error: MdxExpressionError) => {
    const location = {
      file: origin.sourcePath,
      line: (error.position?.line ?? 1) + origin.lineOffset,
      column: error.position?.column ?? 1,
    };
    // A partial used twice has its errors once.
    const known = data.diagnostics.some(
      (diagnostic) =>
        diagnostic.message === error.message &&
        diagnostic.location?.file === location.file &&
        diagnostic.location.line === location.line &&
        diagnostic.location.column === location.column,
    );
    if (!known) data.diagnostics.push({ severity: 'error', code: 'mdx', message: error.message, hint: error.hint, location });
  };
  /** The URL of a file of the site this file imports or requires, recorded as a URL of the content (see Binding). */
  const useFile = (source: string, position: { line: number; column: number } | undefined): string => {
    const sitePath = resolveSitePath(origin.sourcePath, source);
    const kind = sitePath === undefined ? undefined : getImportedFileKind(sitePath);
    if (sitePath === undefined || kind !== 'file') {
      if (sitePath === undefined && /^(\.{1,2}\/|@site\/)/.test(source)) throw new MdxExpressionError(...describeOutside(source), position);
      throw new MdxExpressionError(
        `require('${source}') is not supported in MDX: only files of the site (an image, a PDF) can be required`,
        "Write the file's path relative to this file (./img/logo.png) or to the site (@site/static/img/logo.png); import components and partials at the top of the file.",
        position,
      );
    }
    if (!input.files.includes(sitePath)) throw new MdxExpressionError(...describeMissing(source, sitePath, kind), position);
    const url = SITE_ALIAS + encodePath(sitePath);
    data.urls.set(`image\0${url}`, { value: url, kind: 'image' });
    // A link of the page at the import (check-links checks it there); a partial's lines are not the page's.
    if (origin.chain.length === 1 && position) {
      const location = { line: position.line + origin.lineOffset, column: position.column };
      if (!data.links.some((link) => link.url === url && link.line === location.line && link.column === location.column)) {
        data.links.push({ url, kind: 'image', ...location });
      }
    }
    return url;
  };
  const bindings = readImports(tree, origin, input, fail, useFile);
  const fileScope: MdxScope = {
    ...scope,
    variables: new Map([...bindings].flatMap(([name, binding]) => (binding.kind === 'file' ? [[name, binding.url]] : []))),
    require: useFile,
  };

  const transformChildren = (parent: Parent): void => {
    const children: MdastContent[] = [];
    for (const child of parent.children as MdastContent[]) {
      for (const replaced of transformNode(child)) children.push(replaced);
    }
    parent.children = children as Parent['children'];
  };

  /** A node as what it becomes: none, itself, or several (a fragment, a partial). */
  const transformNode = (node: MdastContent): MdastContent[] => {
    try {
      switch (node.type) {
        case 'mdxjsEsm':
          return [];
        case 'mdxFlowExpression':
        case 'mdxTextExpression': {
          const expression = getProgramExpression(node.data?.estree);
          if (!expression) {
            // A comment: `{/* truncate */}` is the excerpt marker of MDX blog posts.
            if (/^\/\*\s*truncate\s*\*\/$/.test(node.value.trim()) && node.type === 'mdxFlowExpression') {
              return [{ type: 'truncateMarker', data: { hName: 'docgen-truncate' } } as unknown as MdastContent];
            }
            return [];
          }
          if (isFileExpression(expression, fileScope)) {
            throw new MdxExpressionError(
              'The URL of an imported file cannot be shown as text',
              'Use it in an attribute: <img src={logo} alt="..." /> or <a href={file}>...</a>.',
              positionOf(expression),
            );
          }
          return toText(evaluateChild(expression, fileScope), node);
        }
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          return transformElement(node);
        case 'heading':
          takeHeadingId(node);
          transformChildren(node);
          return [node];
        default:
          if ('children' in node) transformChildren(node);
          return node.type === 'paragraph' ? unwrapBlock(node) : [node];
      }
    } catch (error) {
      if (!(error instanceof MdxExpressionError)) throw error;
      fail(error);
      return [];
    }
  };

  const transformElement = (node: JsxElement): MdastContent[] => {
    const position = node.position?.start;
    if (node.name === null) {
      transformChildren(node);
      return node.children as MdastContent[];
    }
    const [base, member] = node.name.split('.') as [string, string | undefined];
    const binding = bindings.get(base);
    if (binding?.kind === 'partial' && member === undefined) return inlinePartial(binding.sitePath, node);
    if (binding?.kind === 'theme' && binding.component === 'mdxComponents' && member !== undefined) {
      return toHtmlElement(node, member);
    }
    if (binding?.kind === 'theme' && member === undefined) return toThemeElement(node, binding.component);
    if (binding?.kind === 'island' && member === undefined) return toIsland(node, binding.component);
    if (binding?.kind === 'file' && !/^[a-z]/.test(node.name)) {
      throw new MdxExpressionError(
        `<${node.name}> is the URL of the file ${binding.source}, not a component`,
        `Show it with <img src={${base}} alt="..." /> or link it with <a href={${base}}>...</a>. (Docusaurus makes an .svg import a React component; docgen gives every file's URL.)`,
        position,
      );
    }
    if (/^[a-z]/.test(node.name) && !node.name.includes('.')) {
      if (!isKnownHtmlTag(node.name)) {
        throw new MdxExpressionError(
          `<${node.name}> is not an HTML element`,
          'Use an HTML element, a component imported from @theme/..., or your own component from src/components.',
          position,
        );
      }
      return toHtmlElement(node, node.name);
    }
    throw new MdxExpressionError(
      `<${node.name}> is not imported`,
      `Import it at the top of the file: one of ${Object.keys(THEME_MODULES).join(', ')}, a partial (.md or .mdx) or a component of your site.`,
      position,
    );
  };

  const attributesOf = (node: JsxElement): Record<string, MdxValue> => {
    const attributes: Record<string, MdxValue> = {};
    for (const attribute of node.attributes) {
      if (attribute.type === 'mdxJsxExpressionAttribute') {
        throw new MdxExpressionError(
          `Spreading attributes (${attribute.value.trim()}) is not supported in MDX`,
          'Write each attribute out.',
          positionOf(attribute.data?.estree?.body[0]) ?? node.position?.start,
        );
      }
      const { value } = attribute;
      if (value === null || value === undefined) attributes[attribute.name] = true;
      else if (typeof value === 'string') attributes[attribute.name] = value;
      else {
        const expression = getProgramExpression(value.data?.estree as Program | undefined);
        attributes[attribute.name] = expression ? evaluateExpression(expression, fileScope) : undefined;
      }
    }
    return attributes;
  };

  const toHtmlElement = (node: JsxElement, tagName: string): MdastContent[] => {
    // Event handlers are taken out, as raw HTML's are: content runs no script, whatever the value.
    node.attributes = node.attributes.filter((attribute) => {
      if (attribute.type !== 'mdxJsxAttribute' || !/^on[a-z]/i.test(attribute.name)) return true;
      data.diagnostics.push({
        severity: 'warning',
        code: 'markdown',
        message: `The event handler ${attribute.name} of <${tagName}> is removed`,
        hint: 'A page runs no scripts from its content: put the behaviour in a component of your site (src/components) and import it.',
        location: {
          file: origin.sourcePath,
          line: (node.position?.start.line ?? 1) + origin.lineOffset,
          column: node.position?.start.column ?? 1,
        },
      });
      return false;
    });
    const attributes = attributesOf(node);
    transformChildren(node);
    const properties: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue;
      if (name === 'style' && typeof value === 'object') {
        properties.style = Object.entries(value as Record<string, MdxValue>)
          .map(([key, item]) => `${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}: ${String(item)}`)
          .join('; ');
        continue;
      }
      if (typeof value === 'object') {
        throw new MdxExpressionError(`The attribute ${name} of <${tagName}> must be text or a number`, MOVE_HINT, node.position?.start);
      }
      const info = find(html, name === 'class' ? 'className' : name === 'for' ? 'htmlFor' : name);
      properties[info.property] = info.property === 'className' && typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value;
    }
    return [withElement(node, tagName, properties)];
  };

  /** A site component: rendered at build time and hydrated in the browser with its props (JSON); its children are content. */
  const toIsland = (node: JsxElement, component: string): MdastContent[] => {
    const props = attributesOf(node);
    if ('children' in props) {
      throw new MdxExpressionError(
        'A component takes its children between its tags, not as a prop',
        'Write <X>children</X>.',
        node.position?.start,
      );
    }
    transformChildren(node);
    (data.components ??= new Set()).add(component);
    return [withElement(node, 'island', { component, props: JSON.stringify(props) } satisfies ContentElements['island'])];
  };

  const toThemeElement = (node: JsxElement, component: MappedComponent): MdastContent[] => {
    const attributes = attributesOf(node);
    const position = node.position?.start;
    const text = (name: string) => (attributes[name] === undefined || attributes[name] === null ? undefined : String(attributes[name]));
    switch (component) {
      case 'tabs': {
        const values = Array.isArray(attributes.values) ? (attributes.values as { value?: MdxValue; label?: MdxValue }[]) : [];
        transformChildren(node);
        let defaultValue = text('defaultValue');
        const tabs = node as { children: MdastContent[] };
        tabs.children = tabs.children.filter((child) => {
          if (child.type === 'text' && child.value.trim() === '') return false;
          const tab = child.data?.hName === 'tab' ? (child.data.hProperties as ContentElements['tab'] & { default?: boolean }) : undefined;
          if (!tab) {
            throw new MdxExpressionError(
              'Only <TabItem> elements belong inside <Tabs>',
              'Wrap this content in <TabItem value="...">.',
              child.position?.start,
            );
          }
          const known = values.find((item) => String(item.value) === tab.value);
          if (known?.label !== undefined && !tab.label) tab.label = String(known.label);
          tab.label ||= tab.value;
          if (tab.default && defaultValue === undefined) defaultValue = tab.value;
          delete tab.default;
          return true;
        });
        const queryString = attributes.queryString === true ? text('groupId') : text('queryString');
        return [withElement(node, 'tabs', { groupId: text('groupId'), defaultValue, queryString } satisfies ContentElements['tabs'])];
      }
      case 'tabItem': {
        const value = text('value') ?? text('label');
        if (value === undefined) throw new MdxExpressionError('<TabItem> needs a value', 'Add value="..." (and label="...").', position);
        transformChildren(node);
        return [withElement(node, 'tab', { label: text('label') ?? '', value, default: attributes.default === true })];
      }
      case 'admonition': {
        const type = text('type') ?? 'note';
        const shown = Object.hasOwn(ADMONITION_TYPES, type) ? ADMONITION_TYPES[type]! : undefined;
        if (!shown) {
          throw new MdxExpressionError(
            `Unknown admonition type "${type}"`,
            `Use one of ${Object.keys(ADMONITION_TYPES).join(', ')}.`,
            position,
          );
        }
        transformChildren(node);
        return [withElement(node, 'admonition', { type: shown, title: text('title') } satisfies ContentElements['admonition'])];
      }
      case 'details': {
        transformChildren(node);
        const summary = text('summary');
        const children = [...node.children] as MdastContent[];
        if (summary !== undefined) {
          children.unshift({ type: 'paragraph', children: [{ type: 'text', value: summary }], data: { hName: 'summary' } });
        }
        // A <summary> written inside a paragraph of its own is the summary itself.
        const firstChild = children[0];
        if (firstChild?.type === 'paragraph' && firstChild.children.length === 1 && firstChild.children[0]!.data?.hName === 'summary') {
          children[0] = firstChild.children[0] as MdastContent;
        }
        (node as { children: MdastContent[] }).children = children;
        return [withElement(node, 'details', { className: ['details'] })];
      }
      case 'heading': {
        const as = text('as') ?? 'h2';
        if (!/^h[1-6]$/.test(as))
          throw new MdxExpressionError(`<Heading as="${as}"> is not a heading level`, 'Use as="h2" to as="h6".', position);
        transformChildren(node);
        return [withElement(node, as, text('id') ? { id: text('id') } : {})];
      }
      case 'link': {
        const url = text('to') ?? text('href');
        if (url === undefined) throw new MdxExpressionError('<Link> needs a to (or href) attribute', 'Add to="/docs/page".', position);
        transformChildren(node);
        const link: Link = { type: 'link', url, children: node.children as Link['children'], position: node.position };
        return [link];
      }
      case 'codeBlock': {
        const language = text('language') ?? /language-(\S+)/.exec(text('className') ?? '')?.[1];
        const value = node.children.map((child) => codeTextOf(child)).join('');
        const meta = [
          text('title') !== undefined ? (text('title')!.includes('"') ? `title='${text('title')}'` : `title="${text('title')}"`) : '',
          attributes.showLineNumbers === true
            ? 'showLineNumbers'
            : typeof attributes.showLineNumbers === 'number'
              ? `showLineNumbers=${attributes.showLineNumbers}`
              : '',
          text('metastring') ?? '',
        ]
          .filter(Boolean)
          .join(' ');
        const code: Code = {
          type: 'code',
          lang: language ?? null,
          meta: meta || null,
          value: value.replace(/^\n|\n$/g, ''),
          position: node.position,
        };
        return [code];
      }
      case 'mdxComponents':
        throw new MdxExpressionError(
          '<MDXComponents> is an object of components, not a component',
          'Use one of them: <MDXComponents.a>.',
          position,
        );
    }
  };

  /** The text of a code block's children: text as written, and expressions (`{`...`}`) evaluated. */
  const codeTextOf = (node: MdastContent): string => {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const expression = getProgramExpression(node.data?.estree);
      const value = expression ? evaluateExpression(expression, fileScope) : '';
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    }
    if (node.type === 'text') return node.value;
    if ('children' in node) return (node.children as MdastContent[]).map(codeTextOf).join('');
    return mdastToString(node);
  };

  const inlinePartial = (sitePath: string, node: JsxElement): MdastContent[] => {
    if (origin.chain.includes(sitePath)) {
      throw new MdxExpressionError(
        `${sitePath} imports itself (${[...origin.chain, sitePath].join(' -> ')})`,
        'Remove the import that closes the cycle.',
        node.position?.start,
      );
    }
    const partial = input.partials[sitePath]!;
    const partialTree = parsePartial(sitePath);
    transformTree(
      partialTree,
      { sourcePath: sitePath, lineOffset: partial.bodyLine - 1, chain: [...origin.chain, sitePath] },
      data,
      input,
      scope,
      parsePartial,
    );
    const children = partialTree.children as MdastContent[];
    // Its nodes' positions are the partial's lines: dropped, so no later warning names the page at them.
    for (const child of children) stripPositions(child);
    // Used inside a paragraph, a partial of one paragraph gives its text.
    if (node.type === 'mdxJsxTextElement' && children.length === 1 && children[0]!.type === 'paragraph')
      return children[0].children as MdastContent[];
    return children;
  };

  transformChildren(tree);
}

/** Reads the imports and exports of the file; what cannot be supported is an error. */
function readImports(
  tree: MdastRoot,
  origin: Origin,
  input: MdxInput,
  fail: (error: MdxExpressionError) => void,
  useFile: (source: string, position: { line: number; column: number } | undefined) => string,
): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      const position = positionOf(statement);
      if (statement.type !== 'ImportDeclaration') {
        fail(
          new MdxExpressionError(
            statement.type.startsWith('Export')
              ? 'export is not supported in MDX: content does not run code'
              : `${statement.type} is not supported in MDX`,
            'Put the value in the front matter and use {frontMatter.x}, or move the logic into a component in src/components and import it.',
            position,
          ),
        );
        continue;
      }
      const source = String(statement.source.value);
      const themeComponent = Object.hasOwn(THEME_MODULES, source) ? THEME_MODULES[source] : undefined;
      const sitePath = resolveSitePath(origin.sourcePath, source);
      if (sitePath === undefined && /^(\.{1,2}\/|@site\/)/.test(source)) {
        fail(new MdxExpressionError(...describeOutside(source), position));
        continue;
      }
      const kind = sitePath === undefined ? undefined : getImportedFileKind(sitePath);
      const partialPath = kind === 'partial' ? sitePath : undefined;
      const module = sitePath !== undefined && !partialPath ? input.modules[sitePath] : undefined;
      const isFile = module === undefined && kind === 'file' && input.files.includes(sitePath!);
      if (sitePath !== undefined && !partialPath && module === undefined && !isFile) {
        fail(new MdxExpressionError(...describeMissing(source, sitePath, kind!), position));
        continue;
      }
      for (const specifier of statement.specifiers) {
        if (module !== undefined && specifier.type !== 'ImportNamespaceSpecifier') {
          const exportName =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : String(specifier.imported.value);
          bindings.set(specifier.local.name, { kind: 'island', component: `${module}#${exportName}` });
        } else if (isFile && specifier.type === 'ImportDefaultSpecifier') {
          bindings.set(specifier.local.name, { kind: 'file', url: useFile(source, position), source });
        } else if (themeComponent && specifier.type === 'ImportDefaultSpecifier') {
          bindings.set(specifier.local.name, { kind: 'theme', component: themeComponent });
        } else if (partialPath && specifier.type === 'ImportDefaultSpecifier') {
          if (!Object.hasOwn(input.partials, partialPath)) {
            fail(
              new MdxExpressionError(
                `The partial ${source} does not exist (${partialPath})`,
                'Check the path: it is relative to this file.',
                position,
              ),
            );
          } else bindings.set(specifier.local.name, { kind: 'partial', sitePath: partialPath });
        } else {
          fail(
            new MdxExpressionError(
              `The import of ${specifier.local.name} from "${source}" is not supported`,
              `MDX files may import (as default imports) ${Object.keys(THEME_MODULES).join(', ')}, partials (.md, .mdx), files (an image's URL) and components of the site.`,
              positionOf(specifier),
            ),
          );
        }
      }
    }
  }
  return bindings;
}

/** A relative or `@site/` import or require above the site folder: message and hint. */
function describeOutside(source: string): [string, string] {
  return [`${source} names a path outside the site folder`, 'Move the file into the site, or import it with @site/ from the site root.'];
}

/** An import or require of a site path that names nothing a page may import: message and hint, by what the path looks like. */
function describeMissing(source: string, sitePath: string, kind: ImportedFileKind): [string, string] {
  const check = 'Check the path: it is relative to this file, or to the site with @site/.';
  switch (kind) {
    case 'file':
      return [`The file ${source} does not exist (${sitePath})`, check];
    case 'stylesheet':
      return [
        `An MDX page cannot import the stylesheet ${source}`,
        'Import it from a component of your site (src/components), or list it in customCss of docgen.config.yaml.',
      ];
    case 'data':
      return [
        `An MDX page cannot import the JSON file ${source}`,
        'Put the values in the front matter and use {frontMatter.x}, or import the JSON from a component of your site.',
      ];
    case 'partial':
    case 'module':
      return [
        `The component module ${source} does not exist (${sitePath})`,
        `${check} Components are .tsx, .ts, .jsx or .js files; any other file (an image, a PDF) is imported as its URL.`,
      ];
  }
}

/** Whether an expression shown as a child is an imported file's URL: a name bound to a file, or `require(...)`. */
function isFileExpression(expression: Expression, scope: MdxScope): boolean {
  if (expression.type === 'Identifier') return scope.variables?.has(expression.name) === true;
  const call = expression.type === 'MemberExpression' ? expression.object : expression;
  return call.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'require';
}

/** An explicit heading id written as an MDX comment, Docusaurus's way: `## Title {/* #my-id *\/}`. */
const COMMENT_ID = /^\/\*\s*#([^\s*]+)\s*\*\/$/;

/** Gives a heading the id of a trailing `{/* #id *\/}`, taking the comment off. */
function takeHeadingId(heading: Heading): void {
  const last = heading.children[heading.children.length - 1];
  const match = last?.type === 'mdxTextExpression' ? COMMENT_ID.exec(last.value.trim()) : null;
  if (!match) return;
  heading.children.pop();
  const text = heading.children[heading.children.length - 1];
  if (text?.type === 'text') text.value = text.value.trimEnd();
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: match[1] } };
}

/** Elements that are blocks: a paragraph holding only one of them (a JSX element written on one line) is that block. */
const BLOCK_ELEMENTS = new Set([
  'island',
  'tabs',
  'tab',
  'admonition',
  'details',
  'div',
  'section',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figure',
  'table',
  'ul',
  'ol',
  'pre',
]);

function unwrapBlock(paragraph: Paragraph): MdastContent[] {
  const shown = paragraph.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  const only =
    shown.length > 0 && shown.every((child) => (child.type as string) === 'code' || BLOCK_ELEMENTS.has(String(child.data?.hName)));
  return only ? (shown as MdastContent[]) : [paragraph];
}

/** A JSX element turned in place into a node that remark-rehype makes the element `hName` of. */
function withElement(node: JsxElement, hName: string, hProperties: Record<string, unknown>): MdastContent {
  const element = node as unknown as { type: string; name?: unknown; attributes?: unknown; data?: object };
  element.type = node.type === 'mdxJsxFlowElement' ? 'docgenFlowElement' : 'docgenTextElement';
  delete element.name;
  delete element.attributes;
  element.data = { hName, hProperties };
  return node as unknown as MdastContent;
}

/** An expression's value shown as a child: text, or nothing (null, undefined, booleans, as React shows them). */
function toText(value: MdxValue, node: { position?: MdastContent['position']; type: string }): MdastContent[] {
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (value === TOC_PLACEHOLDER) {
    throw new MdxExpressionError(
      '`toc` cannot be shown as text',
      'Pass it to a component of your site: <MyToc toc={toc} />.',
      node.position?.start,
    );
  }
  if (typeof value === 'object') {
    throw new MdxExpressionError(
      'An array or object cannot be shown as text',
      'Show one of its values ({frontMatter.x.y}), or pass it to a component as a prop.',
      node.position?.start,
    );
  }
  const text: Text = { type: 'text', value: String(value), position: node.position };
  return [text];
}

function evaluateChild(expression: Parameters<typeof evaluateExpression>[0], scope: MdxScope): MdxValue {
  return evaluateExpression(expression, scope);
}

function stripPositions(node: MdastContent): void {
  delete node.position;
  if ('children' in node) for (const child of node.children as MdastContent[]) stripPositions(child);
}
