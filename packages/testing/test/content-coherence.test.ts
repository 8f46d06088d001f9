import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTranslations } from '@docgen/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CONTENT } from '../src/paths.js';

/*
 * Coherence of docs-content, read straight from the markdown files: every endpoint (method and
 * path), every error code with its HTTP status and every SDK method mentioned on any page of a
 * version (prose, tables and code blocks alike) must agree with the API reference of that version,
 * with the other pages of the version and, for a translated page, with its Korean original.
 */

type Locale = 'ko' | 'en';

/** One markdown file of the site. `key` is the same for a Korean page and its English translation. */
interface Page {
  version: string;
  locale: Locale;
  key: string;
  /** Path relative to docs-content, for messages. */
  file: string;
  text: string;
}

/** 1-based line of a mention, in the file it was found in. */
interface Where {
  file: string;
  line: number;
}

interface EndpointMention extends Where {
  method: string | undefined;
  path: string;
  /** The operation named in the same table row, when the row names exactly one. */
  operation: string | undefined;
}

interface ErrorMention extends Where {
  code: string;
  status: string;
}

type SdkLanguage = 'java' | 'node';

/**
 * `client`: a method of `AnalysisClient` with its number of arguments (`arities` holds every count
 * the mention allows, more than one when trailing arguments are optional). `error`: a member of
 * `AnalysisApiException` (Java getters) or `AnalysisApiError` (Node properties). `getter`: a Java
 * getter on a response object, which must name a field of the REST API.
 */
interface SdkMention extends Where {
  language: SdkLanguage | undefined;
  target: 'client' | 'error' | 'getter';
  name: string;
  arities: number[];
}

interface Mentions {
  endpoints: EndpointMention[];
  errors: ErrorMention[];
  sdk: SdkMention[];
  /** Identifiers written in backticks or as JSON keys: the REST field names a page documents. */
  fields: Set<string>;
}

// ---------------------------------------------------------------------------------------------
// Reading the site

/**
 * Every doc, blog post and markdown page of both locales, as `docgen translations` pairs them: each
 * Korean source, and its English translation where there is one. Blog posts and pages belong to
 * the current version.
 */
async function readPages(root: string): Promise<Page[]> {
  const report = await readTranslations({ siteDir: root, locale: 'en' });
  const pages = new Map<string, Page>();
  const add = (version: string, locale: Locale, key: string, file: string) => {
    if (!pages.has(file)) pages.set(file, { version, locale, key, file, text: readFileSync(join(root, file), 'utf8') });
  };
  for (const page of report.pages) {
    const version = page.docs?.version ?? 'current';
    // The path inside the version's folder (docs/, versioned_docs/version-<name>/), or from the site for the blog and pages.
    const key = page.section === 'docs' ? page.sourceFile.replace(/^(docs|versioned_docs\/version-[^/]+)\//, '') : page.sourceFile;
    add(version, 'ko', key, page.sourceFile);
    if (page.translationFile) add(version, 'en', key, page.translationFile);
  }
  return [...pages.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// Parsing markdown into prose lines, table rows, headings and code blocks

type Block =
  | { type: 'prose'; line: number; text: string }
  | { type: 'heading'; line: number; depth: number; text: string }
  | { type: 'row'; line: number; cells: string[] }
  | { type: 'code'; line: number; language: string; title: string; lines: string[] };

function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** Front matter and HTML comments are left out; line numbers stay those of the file. */
function parseBlocks(text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let i = 0;
  if (lines[0] === '---') {
    i = lines.indexOf('---', 1) + 1;
  }
  let inComment = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (inComment) {
      if (line.includes('-->')) inComment = false;
      continue;
    }
    if (line.trimStart().startsWith('<!--')) {
      if (!line.includes('-->')) inComment = true;
      continue;
    }
    const fence = /^\s*(`{3,}|~{3,})\s*([\w+-]*)(.*)$/.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(marker); i++) body.push(lines[i]!);
      const title = /title="([^"]*)"/.exec(fence[3] ?? '')?.[1] ?? '';
      blocks.push({ type: 'code', line: start + 1, language: fence[2]!.toLowerCase(), title, lines: body });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*(\{#[\w-]+\})?\s*$/.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', line: i + 1, depth: heading[1]!.length, text: heading[2]! });
    } else if (line.trimStart().startsWith('|')) {
      const cells = splitRow(line);
      if (!cells.every((cell) => /^:?-{3,}:?$/.test(cell))) blocks.push({ type: 'row', line: i + 1, cells });
    } else if (line.trim()) {
      blocks.push({ type: 'prose', line: i + 1, text: line });
    }
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Extracting mentions

const METHOD = '(GET|POST|PUT|PATCH|DELETE)';
const API_URL = 'https://api\\.example\\.com';
/** A path character: stops at spaces, quotes, backticks, table pipes, brackets and Korean text. */
const PATH_CHAR = '[^\\s`\'"|)(<>,\\\\\\uac00-\\ud7a3]';
const ERROR_CODE = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';
const OPERATION = /^(analyze[A-Z]\w*|view[A-Z]\w*|stopAnalysis|downloadFile)$/;

/** `{analysisId}`-style placeholders for sample identifiers and shell or template variables. */
function normalizePath(raw: string): string {
  return raw
    .split('?')[0]!
    .replace(/[.,;:]+$/, '')
    .replace(/\$\{?([A-Za-z_]\w*)\}?/g, (_, name: string) =>
      /req/i.test(name) ? '{requestId}' : /ana/i.test(name) ? '{analysisId}' : `{${name}}`,
    )
    .replace(/\bana_[0-9A-Za-z]+/g, '{analysisId}')
    .replace(/\breq_[0-9A-Za-z_]+/g, '{requestId}');
}

/** `METHOD /vN/...` and bare `https://api.example.com/vN/...` URLs in one piece of text. */
function findEndpoints(text: string, where: Where, operation?: string): EndpointMention[] {
  const found: EndpointMention[] = [];
  const withMethod = new RegExp(`\\b${METHOD}\\s+\`?(?:${API_URL})?(/v\\d+/${PATH_CHAR}*)`, 'g');
  for (const match of text.matchAll(withMethod)) {
    found.push({ ...where, method: match[1], path: normalizePath(match[2]!), operation });
  }
  const stripped = text.replace(withMethod, ' ');
  for (const match of stripped.matchAll(new RegExp(`${API_URL}(/v\\d+/${PATH_CHAR}+)`, 'g'))) {
    found.push({ ...where, method: undefined, path: normalizePath(match[1]!), operation });
  }
  return found;
}

/** The index of the parenthesis closing the one at `open`, skipping nested brackets and strings. */
function findClose(text: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && --depth === 0) return i;
  }
  return -1;
}

/** The argument counts an argument list allows: `(a, { b }?)` allows 1 and 2. */
function getArities(args: string): number[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let part = '';
  for (let i = 0; i < args.length; i++) {
    const char = args[i]!;
    if (quote) {
      if (char === '\\') part += args[i++];
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if ('([{<'.includes(char)) depth++;
    else if (')]}>'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(part.trim());
      part = '';
      continue;
    }
    part += char;
  }
  if (part.trim()) parts.push(part.trim());
  const required = parts.filter((p) => !p.endsWith('?')).length;
  return Array.from({ length: parts.length - required + 1 }, (_, k) => required + k);
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length - 1;
}

/** Calls on `client`, members of the SDK errors and Java getters in one code block. */
function findSdkInCode(code: string, language: SdkLanguage, where: Where): SdkMention[] {
  const found: SdkMention[] = [];
  const at = (index: number) => ({ ...where, line: where.line + 1 + lineAt(code, index), language });
  for (const match of code.matchAll(/\bclient\s*\.\s*(\w+)\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const close = findClose(code, open);
    found.push({ ...at(match.index), target: 'client', name: match[1]!, arities: getArities(code.slice(open + 1, close)) });
  }
  if (language === 'java') {
    for (const match of code.matchAll(/\b(\w+)\s*\.\s*(get[A-Z]\w*)\s*\(\s*\)/g)) {
      const target = ['e', 'ex', 'exception', 'AnalysisApiException'].includes(match[1]!) ? 'error' : 'getter';
      found.push({ ...at(match.index), target, name: match[2]!, arities: [0] });
    }
  } else {
    for (const match of code.matchAll(/\b(?:err|error|AnalysisApiError)\.(\w+)\b(?!\s*\()/g)) {
      found.push({ ...at(match.index), target: 'error', name: match[1]!, arities: [] });
    }
  }
  return found;
}

/** Signatures written as inline code in prose and tables: `stopAnalysis(analysisId, reason)`, `getRetryAfter()`, `AnalysisApiError.retryAfter`. */
function findSdkInline(text: string, language: SdkLanguage | undefined, where: Where): SdkMention[] {
  const found: SdkMention[] = [];
  for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
    const error = /^AnalysisApi(Exception|Error)\.(\w+)(\(\))?$/.exec(span!);
    if (error) {
      const errorLanguage = error[1] === 'Exception' ? 'java' : 'node';
      found.push({ ...where, language: errorLanguage, target: 'error', name: error[2]!, arities: error[3] ? [0] : [] });
      continue;
    }
    const call = /^(\w+)\((.*)\)$/.exec(span!);
    if (!call) continue;
    if (OPERATION.test(call[1]!)) {
      const typed = /\b(String|Path|AnalyzeCodeRequest|AnalyzeOpsRequest|AnalyzeWebappRequest)\s+\w+/.test(call[2]!);
      const callLanguage = language ?? (typed ? 'java' : call[2]!.includes('{') ? 'node' : undefined);
      found.push({ ...where, language: callLanguage, target: 'client', name: call[1]!, arities: getArities(call[2]!) });
    } else if (/^get[A-Z]\w*$/.test(call[1]!) && call[2] === '') {
      found.push({ ...where, language: 'java', target: 'getter', name: call[1]!, arities: [0] });
    }
  }
  return found;
}

function sdkLanguageOf(codeLanguage: string): SdkLanguage | undefined {
  if (codeLanguage === 'java') return 'java';
  if (['ts', 'typescript', 'tsx', 'js', 'javascript', 'mjs'].includes(codeLanguage)) return 'node';
  return undefined;
}

const STATUS_IN_SECTION = [/상태 코드는 `?(\d{3})`?/, /\bHTTP (\d{3})/, /\bstatus(?: code)?(?: is)? `?(\d{3})`?/i];

/** All mentions on one page. */
function extractMentions(page: Page): Mentions {
  const mentions: Mentions = { endpoints: [], errors: [], sdk: [], fields: new Set() };
  const pageLanguage: SdkLanguage | undefined = /sdk\/Java\.md$/.test(page.key)
    ? 'java'
    : /sdk\/Node\.md$/.test(page.key)
      ? 'node'
      : undefined;
  let sectionCode: string | undefined;
  const collectFields = (text: string) => {
    for (const [, name] of text.matchAll(/`([a-z][A-Za-z0-9]*)`/g)) mentions.fields.add(name!);
    for (const [, name] of text.matchAll(/"([a-z][A-Za-z0-9]*)"\s*:/g)) mentions.fields.add(name!);
  };
  const inlineErrors = (text: string, where: Where) => {
    for (const match of text.matchAll(new RegExp(`\`(${ERROR_CODE})\`\\s*\\(\\s*(?:HTTP\\s*)?(\\d{3})\\s*\\)`, 'g'))) {
      mentions.errors.push({ ...where, code: match[1]!, status: match[2]! });
    }
    for (const match of text.matchAll(new RegExp(`HTTP (\\d{3})[가-힣\\s]{0,8}\`(${ERROR_CODE})\``, 'g'))) {
      mentions.errors.push({ ...where, code: match[2]!, status: match[1]! });
    }
  };

  for (const block of parseBlocks(page.text)) {
    const where = { file: page.file, line: block.line };
    switch (block.type) {
      case 'heading': {
        sectionCode = new RegExp(`^\`?(${ERROR_CODE})\`?$`).exec(block.text)?.[1];
        mentions.endpoints.push(...findEndpoints(block.text, where));
        break;
      }
      case 'prose': {
        if (sectionCode) {
          const status = STATUS_IN_SECTION.map((pattern) => pattern.exec(block.text)?.[1]).find(Boolean);
          if (status) {
            mentions.errors.push({ ...where, code: sectionCode, status });
            sectionCode = undefined;
          }
        }
        mentions.endpoints.push(...findEndpoints(block.text, where));
        inlineErrors(block.text, where);
        mentions.sdk.push(...findSdkInline(block.text, pageLanguage, where));
        collectFields(block.text);
        break;
      }
      case 'row': {
        const bare = block.cells.map((cell) => cell.replace(/^`(.*)`$/, '$1'));
        const operations = bare.filter((cell) => OPERATION.test(cell));
        const operation = operations.length === 1 && OPERATION.test(bare[0]!) ? operations[0] : undefined;
        const method = bare.find((cell) => new RegExp(`^${METHOD}$`).test(cell));
        const path = bare.find((cell) => /^\/v\d+\//.test(cell));
        if (method && path) mentions.endpoints.push({ ...where, method, path: normalizePath(path), operation });
        for (const cell of block.cells) mentions.endpoints.push(...findEndpoints(cell, where, operation));
        const statuses = bare.filter((cell) => /^(HTTP )?\d{3}$/.test(cell));
        const codeCells = block.cells.filter((cell) => new RegExp(`^\`${ERROR_CODE}\`(,\\s*\`${ERROR_CODE}\`)*$`).test(cell));
        if (statuses.length === 1) {
          for (const cell of codeCells) {
            for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
              mentions.errors.push({ ...where, code: code!, status: statuses[0]!.replace('HTTP ', '') });
            }
          }
        }
        for (const cell of block.cells) {
          inlineErrors(cell, where);
          mentions.sdk.push(...findSdkInline(cell, pageLanguage, where));
          collectFields(cell);
        }
        break;
      }
      case 'code': {
        const code = block.lines.join('\n');
        const language = sdkLanguageOf(block.language);
        if (language) mentions.sdk.push(...findSdkInCode(code, language, where));
        collectFields(code);
        // Error bodies: a status in the title ("400 Bad Request") or the status line, and "code": "X".
        const status = /^(\d{3})\b/.exec(block.title)?.[1] ?? /^HTTP\/[\d.]+ (\d{3})/m.exec(code)?.[1];
        if (status) {
          for (const [, code_] of code.matchAll(new RegExp(`"code":\\s*"(${ERROR_CODE})"`, 'g'))) {
            mentions.errors.push({ ...where, code: code_!, status });
          }
        }
        if (['bash', 'sh', 'shell', 'console'].includes(block.language)) {
          // Shell variables holding the API base URL, then one logical command per line.
          const bases = new Map<string, string>();
          for (const [, name, value] of code.matchAll(/^\s*(?:export\s+)?([A-Z_]+)="?(https:\/\/api\.example\.com\/v\d+)"?\s*$/gm)) {
            bases.set(name!, value!);
          }
          const commands = code.replace(/\\\n/g, ' ').split('\n');
          commands.forEach((command, index) => {
            const expanded = command.replace(/\$\{?([A-Z_]+)\}?/g, (whole, name: string) => bases.get(name) ?? whole);
            const commandWhere = { ...where, line: block.line + 1 + index };
            if (!/\bcurl\b/.test(expanded)) {
              mentions.endpoints.push(...findEndpoints(expanded, commandWhere));
              return;
            }
            const method = /\s-X\s*([A-Z]+)/.exec(expanded)?.[1] ?? (/\s(-F|--form|-d|--data[\w-]*)\s/.test(expanded) ? 'POST' : 'GET');
            for (const mention of findEndpoints(expanded, commandWhere)) {
              mentions.endpoints.push(mention.method ? mention : { ...mention, method });
            }
          });
        } else {
          block.lines.forEach((text, index) => {
            mentions.endpoints.push(...findEndpoints(text, { ...where, line: block.line + 1 + index }));
          });
        }
        break;
      }
    }
  }
  return mentions;
}

// ---------------------------------------------------------------------------------------------
// Checking

interface Operation {
  name: string;
  method: string;
  path: string;
  where: Where;
}

const prefixOf = (path: string) => /^\/v\d+/.exec(path)?.[0] ?? '';
const at = (where: Where) => `${where.file}:${where.line}`;

/**
 * The operations a version defines: the first endpoint of each page under guide/api/ named after
 * an operation, or of each `### operation` section of a single-page reference.
 */
function getOperations(pages: Page[], mentions: Map<Page, Mentions>): Operation[] {
  const operations: Operation[] = [];
  for (const page of pages) {
    if (page.locale !== 'ko' || !/^guide\/api\/[^/]+\.md$/.test(page.key)) continue;
    const fileOperation = /([^/]+)\.md$/.exec(page.key)![1]!;
    const sections: { name: string; from: number }[] = OPERATION.test(fileOperation)
      ? [{ name: fileOperation, from: 0 }]
      : parseBlocks(page.text)
          .filter((block): block is Extract<Block, { type: 'heading' }> => block.type === 'heading' && OPERATION.test(block.text))
          .map((block) => ({ name: block.text, from: block.line }));
    for (const section of sections) {
      const endpoint = mentions.get(page)!.endpoints.find((mention) => mention.method && mention.line > section.from && !mention.operation);
      if (endpoint) operations.push({ name: section.name, method: endpoint.method!, path: endpoint.path, where: endpoint });
    }
  }
  return operations;
}

/** Every contradiction in the site, one line each, naming file:line. */
function checkCoherence(allPages: Page[]): string[] {
  const problems: string[] = [];
  const mentions = new Map(allPages.map((page) => [page, extractMentions(page)]));
  const versions = [...new Set(allPages.map((page) => page.version))];
  const operationsOf = new Map(
    versions.map((version) => [
      version,
      getOperations(
        allPages.filter((page) => page.version === version),
        mentions,
      ),
    ]),
  );

  for (const version of versions) {
    const pages = allPages.filter((page) => page.version === version);
    const operations = operationsOf.get(version)!;
    if (operations.length === 0) {
      problems.push(`${version}: no API reference page defines an operation`);
      continue;
    }
    const apiPrefix = prefixOf(operations[0]!.path);
    // An endpoint of another API version (the /v1 paths in a release note) is checked against the
    // newest version that served that prefix.
    const operationsFor = (prefix: string) =>
      prefix === apiPrefix ? operations : [...operationsOf.values()].find((list) => list.length && prefixOf(list[0]!.path) === prefix);

    // Endpoints
    for (const page of pages) {
      for (const mention of mentions.get(page)!.endpoints) {
        const known = operationsFor(prefixOf(mention.path));
        const shown = `${mention.method ?? '(any method)'} ${mention.path}`;
        if (!known) {
          problems.push(`${at(mention)}: ${shown}: no version of the API serves ${prefixOf(mention.path) || 'this path'}`);
          continue;
        }
        const matches = known.filter((op) => op.path === mention.path && (!mention.method || op.method === mention.method));
        if (matches.length === 0) {
          const samePath = known.find((op) => op.path === mention.path);
          problems.push(
            samePath
              ? `${at(mention)}: ${shown}, but ${at(samePath.where)} defines ${samePath.name} as ${samePath.method} ${samePath.path}`
              : `${at(mention)}: ${shown} is not an endpoint of ${version} (its API reference defines ${known.map((op) => `${op.method} ${op.path}`).join(', ')})`,
          );
        } else if (mention.operation && !matches.some((op) => op.name === mention.operation)) {
          problems.push(`${at(mention)}: ${shown} is listed for ${mention.operation}, but it is ${matches[0]!.name}`);
        }
      }
    }

    // Error codes: one status per code across the version, in both locales.
    const statuses = new Map<string, Map<string, Where>>();
    for (const page of pages) {
      for (const mention of mentions.get(page)!.errors) {
        const byStatus = statuses.get(mention.code) ?? new Map<string, Where>();
        if (!byStatus.has(mention.status)) byStatus.set(mention.status, mention);
        statuses.set(mention.code, byStatus);
      }
    }
    for (const [code, byStatus] of statuses) {
      if (byStatus.size > 1) {
        problems.push(
          `${version}: ${code} has ${byStatus.size} statuses: ${[...byStatus].map(([status, where]) => `${status} (${at(where)})`).join(', ')}`,
        );
      }
    }

    // SDK methods: documented on the version's SDK pages, used the same way everywhere else.
    const sdkPage = (language: SdkLanguage) =>
      pages.find((page) => page.locale === 'ko' && page.key.endsWith(`sdk/${language === 'java' ? 'Java' : 'Node'}.md`));
    const fields = new Set(pages.flatMap((page) => [...mentions.get(page)!.fields]));
    const documented = new Map<SdkLanguage, SdkMention[]>();
    for (const language of ['java', 'node'] as const) {
      const page = sdkPage(language);
      if (!page) {
        problems.push(`${version}: no ${language} SDK page`);
        continue;
      }
      const own = mentions.get(page)!.sdk.filter((mention) => mention.language === language);
      documented.set(language, own);
      for (const op of operations) {
        if (!own.some((mention) => mention.target === 'client' && mention.name === op.name)) {
          problems.push(`${page.file}: the ${language} SDK page does not document ${op.name} (${at(op.where)})`);
        }
      }
    }
    const isDocumented = (mention: SdkMention, language: SdkLanguage) => {
      const own = documented.get(language) ?? [];
      switch (mention.target) {
        case 'client':
          return own.some(
            (doc) => doc.target === 'client' && doc.name === mention.name && mention.arities.some((n) => doc.arities.includes(n)),
          );
        case 'error':
          return (
            own.some((doc) => doc.target === 'error' && doc.name === mention.name) || ['message', 'name', 'stack'].includes(mention.name)
          );
        case 'getter': {
          const field = mention.name[3]!.toLowerCase() + mention.name.slice(4);
          return fields.has(field) || own.some((doc) => doc.name === mention.name);
        }
      }
    };
    for (const page of pages) {
      for (const mention of mentions.get(page)!.sdk) {
        const languages: SdkLanguage[] = mention.language ? [mention.language] : ['java', 'node'];
        if (!languages.some((language) => isDocumented(mention, language))) {
          const what = mention.target === 'client' ? `${mention.name} with ${mention.arities.join(' or ')} argument(s)` : mention.name;
          problems.push(
            `${at(mention)}: ${languages.join('/')} SDK ${mention.target} ${what} is not what the ${version} SDK reference documents`,
          );
        }
      }
    }
  }

  // Korean and English: a translated page mentions the same endpoints, errors and SDK methods.
  const signature = (found: Mentions) => ({
    endpoints: [...new Set(found.endpoints.map((m) => `${m.method ?? '*'} ${m.path}`))].sort(),
    errors: [...new Set(found.errors.map((m) => `${m.code} ${m.status}`))].sort(),
    sdk: [...new Set(found.sdk.map((m) => `${m.language ?? '*'} ${m.target} ${m.name}/${m.arities.join('|')}`))].sort(),
  });
  for (const en of allPages.filter((page) => page.locale === 'en')) {
    const ko = allPages.find((page) => page.locale === 'ko' && page.version === en.version && page.key === en.key);
    if (!ko) continue;
    const koSignature = signature(mentions.get(ko)!);
    const enSignature = signature(mentions.get(en)!);
    for (const kind of ['endpoints', 'errors', 'sdk'] as const) {
      const onlyKo = koSignature[kind].filter((item) => !enSignature[kind].includes(item));
      const onlyEn = enSignature[kind].filter((item) => !koSignature[kind].includes(item));
      if (onlyKo.length || onlyEn.length) {
        problems.push(
          `${en.file} vs ${ko.file}: ${kind} differ; only Korean: [${onlyKo.join('; ')}], only English: [${onlyEn.join('; ')}]`,
        );
      }
    }
  }
  problems.push(...checkRules(allPages));
  return problems;
}

/**
 * The rules a page states that other pages must state alike (the second review's high findings):
 * - an issue's tracking or ticket key is `ruleId` + `file` + `assetId`, wherever prose builds one
 *   from `ruleId` and `file`;
 * - in a version whose usage page says not to retry calls that create an analysis, the
 *   `INTERNAL_ERROR` advice of those calls and of the SDK pages says so too;
 * - a sample log line's level matches its code's first letter, and only an `ERROR` says a file or
 *   page was skipped or excluded (gates count `ERROR`s to know that).
 */
function checkRules(allPages: Page[]): string[] {
  const problems: string[] = [];
  const prose = (page: Page) => parseBlocks(page.text).filter((block) => block.type === 'prose');
  for (const page of allPages) {
    for (const block of prose(page)) {
      if (/`ruleId`/.test(block.text) && /`file`/.test(block.text) && /(키|\bkey\b)/.test(block.text) && !/`assetId`/.test(block.text)) {
        problems.push(`${page.file}:${block.line}: an issue key of ruleId and file without assetId`);
      }
    }
  }
  const noCreationRetry = (text: string) => /재시도하지 (않|말)|not (be )?(auto(matically)?[- ])?retr/i.test(text);
  for (const version of new Set(allPages.map((page) => page.version))) {
    const usage = allPages.find((page) => page.version === version && page.locale === 'ko' && page.key === 'tutorial/advanced/usage.md');
    if (!usage || !noCreationRetry(usage.text) || !/INTERNAL_ERROR/.test(usage.text)) continue;
    for (const page of allPages.filter((candidate) => candidate.version === version)) {
      const creates = /^guide\/api\/analyze(Code|Ops|Webapp)\.md$/.test(page.key);
      const sdk = /^guide\/sdk\/(Java|Node)\.md$/.test(page.key);
      if (!creates && !sdk) continue;
      const blocks = parseBlocks(page.text);
      blocks.forEach((block, index) => {
        if (block.type !== 'prose' || !/다시 시도|재시도|retry/i.test(block.text)) return;
        const underInternalError =
          creates &&
          blocks
            .slice(0, index)
            .reverse()
            .find((previous) => previous.type === 'heading');
        const aboutInternalError = sdk
          ? /`INTERNAL_ERROR`/.test(block.text)
          : underInternalError?.type === 'heading' && underInternalError.text.includes('INTERNAL_ERROR');
        if (aboutInternalError && !noCreationRetry(block.text)) {
          problems.push(
            `${page.file}:${block.line}: says to retry INTERNAL_ERROR where ${usage.file} says not to retry calls that create an analysis`,
          );
        }
      });
    }
  }
  const letters: Record<string, string> = { INFO: 'I', WARN: 'W', ERROR: 'E' };
  for (const page of allPages) {
    for (const block of parseBlocks(page.text)) {
      if (block.type !== 'code' || block.language !== 'json') continue;
      const text = block.lines.join('\n');
      for (const entry of text.matchAll(/\{[^{}]*"level":\s*"(\w+)"[^{}]*\}/g)) {
        const [object, level] = entry;
        const code = /"code":\s*"(\w)\d+"/.exec(object)?.[1];
        const line = block.line + text.slice(0, entry.index).split('\n').length;
        if (code && letters[level!] && code !== letters[level!])
          problems.push(`${page.file}:${line}: a ${level} message with a ${code} code`);
        // (Files left out as the request asked, by excludePaths, are no failure: INFO says so.)
        if (
          level !== 'ERROR' &&
          /skipp|excluded from analysis|건너뛰|분석에서 제외/i.test(/"message":\s*"([^"]*)"/.exec(object)?.[1] ?? '')
        ) {
          problems.push(`${page.file}:${line}: a ${level} message says a file was skipped, which only an ERROR may say`);
        }
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

let pages: Page[];
beforeAll(async () => {
  pages = await readPages(DOCS_CONTENT);
}, 60_000);

/** The pages with `from` replaced by `to` in the one page at `file` (which must contain it). */
function inject(file: string, from: string, to: string): Page[] {
  return pages.map((page) => {
    if (page.file !== file) return page;
    expect(page.text).toContain(from);
    return { ...page, text: page.text.replace(from, to) };
  });
}

describe('docs-content tells one story per version', () => {
  it('reads every version, both locales, the blog and the pages', () => {
    const versions = [...new Set(pages.map((page) => page.version))];
    expect(versions.sort()).toEqual(['2504.1', '2506.1', 'current']);
    expect(pages.filter((page) => page.locale === 'en').length).toBeGreaterThan(5);
    const current = pages.filter((page) => page.version === 'current');
    expect(current.some((page) => page.key.startsWith('blog/'))).toBe(true);
  });

  it('finds the operations of every version in its API reference', () => {
    const mentions = new Map(pages.map((page) => [page, extractMentions(page)]));
    const summary = (version: string) =>
      getOperations(
        pages.filter((page) => page.version === version),
        mentions,
      )
        .map((op) => `${op.name} ${op.method} ${op.path}`)
        .sort();
    expect(summary('current')).toEqual([
      'analyzeCode POST /v2/analyses/code',
      'analyzeOps POST /v2/analyses/ops',
      'analyzeWebapp POST /v2/analyses/webapp',
      'downloadFile GET /v2/analyses/{analysisId}/files/results.zip',
      'stopAnalysis POST /v2/analyses/{analysisId}/stop',
      'viewAnalysis GET /v2/analyses/{analysisId}',
      'viewRequest GET /v2/requests/{requestId}',
    ]);
    expect(summary('2504.1')).toEqual([
      'analyzeCode POST /v1/analyses/code',
      'analyzeOps POST /v1/analyses/ops',
      'downloadFile GET /v1/analyses/{analysisId}/files/results.zip',
      'stopAnalysis POST /v1/analyses/{analysisId}/stop',
      'viewAnalysis GET /v1/analyses/{analysisId}',
      'viewRequest GET /v1/requests/{requestId}',
    ]);
  });

  it('extracts endpoints, error statuses and SDK calls from prose, tables and code blocks', () => {
    const page: Page = {
      version: 'current',
      locale: 'ko',
      key: 'guide/example.md',
      file: 'example.md',
      text: [
        '---',
        'title: GET /v9/ignored/in/front-matter',
        '---',
        '전체 URL은 `https://api.example.com/v2/requests/{requestId}`입니다.',
        '| `stopAnalysis` | `POST` | `/v1/analyses/{analysisId}/stop` |',
        '| `RATE_LIMITED` | 429 | 한도 초과 |',
        '#### ANALYSIS_NOT_FOUND',
        '',
        '상태 코드는 `404`입니다.',
        '한도를 넘으면 `RATE_LIMITED`(429) 오류가 반환됩니다. `stopAnalysis(analysisId, { reason }?)`',
        '```bash',
        'API="https://api.example.com/v2"',
        'curl -sS -f "$API/analyses/$ANALYSIS_ID/files/results.zip?format=zip" \\',
        '  -H "Authorization: Bearer $ANALYSIS_TOKEN"',
        '```',
        '```java title="X.java"',
        'client.stopAnalysis("ana_01J8Z3K4QX7B2C9D5E6F7G8H9J",',
        '    "CI pipeline #1842 cancelled");',
        'System.out.println(e.getRetryAfter() + " " + accepted.getRequestId());',
        '```',
        '```json title="409 Conflict"',
        '{ "error": { "code": "RESULT_NOT_READY", "traceId": "trc_01" } }',
        '```',
      ].join('\n'),
    };
    const found = extractMentions(page);
    expect(found.endpoints.map((m) => `${m.line} ${m.method ?? '*'} ${m.path} ${m.operation ?? ''}`.trim())).toEqual([
      '4 * /v2/requests/{requestId}',
      '5 POST /v1/analyses/{analysisId}/stop stopAnalysis',
      '13 GET /v2/analyses/{analysisId}/files/results.zip',
    ]);
    expect(found.errors.map((m) => `${m.line} ${m.code} ${m.status}`)).toEqual([
      '6 RATE_LIMITED 429',
      '9 ANALYSIS_NOT_FOUND 404',
      '10 RATE_LIMITED 429',
      '21 RESULT_NOT_READY 409',
    ]);
    expect(found.sdk.map((m) => `${m.line} ${m.language ?? '*'} ${m.target} ${m.name}/${m.arities.join('|')}`)).toEqual([
      '10 node client stopAnalysis/1|2',
      '17 java client stopAnalysis/2',
      '19 java error getRetryAfter/0',
      '19 java getter getRequestId/0',
    ]);
  });

  it('finds enough of each kind of mention that an empty result would mean breakage, not coherence', () => {
    for (const [version, minimum] of [
      ['current', 60],
      ['2506.1', 40],
      ['2504.1', 30],
    ] as const) {
      const found = pages.filter((page) => page.version === version).map((page) => extractMentions(page));
      expect(found.flatMap((m) => m.endpoints).length).toBeGreaterThan(minimum);
      expect(found.flatMap((m) => m.errors).length).toBeGreaterThan(minimum);
      expect(found.flatMap((m) => m.sdk).length).toBeGreaterThan(minimum);
    }
    const current = pages.filter((page) => page.version === 'current').flatMap((page) => extractMentions(page).errors);
    expect([...new Set(current.map((m) => `${m.code} ${m.status}`))].sort()).toEqual([
      'ANALYSIS_NOT_FOUND 404',
      'ANALYSIS_NOT_RUNNING 409',
      'FILE_TOO_LARGE 413',
      'INTERNAL_ERROR 500',
      'INVALID_PARAMETER 400',
      'INVALID_TOKEN 401',
      'PERMISSION_DENIED 403',
      'RATE_LIMITED 429',
      'REQUEST_NOT_FOUND 404',
      'RESULT_NOT_READY 409',
      'TARGET_UNREACHABLE 422',
      'UNSUPPORTED_LANGUAGE 422',
    ]);
  });

  it('has no disagreement between the pages of a version, between SDKs and REST, or between Korean and English', () => {
    expect(checkCoherence(pages)).toEqual([]);
  });

  it('reports an endpoint whose method or path disagrees with the API reference', () => {
    const problems = checkCoherence(
      inject(
        'docs/guide/overview.md',
        '[stopAnalysis](api/stopAnalysis.md)로 중지하면',
        '`DELETE /v2/analyses/{analysisId}/stop`로 중지하면',
      ),
    );
    expect(problems).toEqual([
      'docs/guide/overview.md:45: DELETE /v2/analyses/{analysisId}/stop, but docs/guide/api/stopAnalysis.md:26 defines stopAnalysis as POST /v2/analyses/{analysisId}/stop',
      expect.stringContaining('endpoints differ; only Korean: [DELETE /v2/analyses/{analysisId}/stop], only English: []'),
    ]);
    const renamed = checkCoherence(
      inject(
        'docs/release-note/2506.1.md',
        '| `viewAnalysis` | `GET /v1/analyses/{analysisId}` |',
        '| `viewAnalysis` | `GET /v1/analysis/{analysisId}` |',
      ),
    );
    expect(renamed).toEqual([expect.stringContaining('GET /v1/analysis/{analysisId} is not an endpoint of current')]);
  });

  it('reports an error code given two statuses, wherever the second one is written', () => {
    const problems = checkCoherence(inject('docs/guide/api/stopAnalysis.md', '상태 코드는 `409`입니다.', '상태 코드는 `400`입니다.'));
    expect(problems).toEqual([
      expect.stringMatching(/^current: ANALYSIS_NOT_RUNNING has 2 statuses: 400 \(docs\/guide\/api\/stopAnalysis\.md:\d+\), 409 /),
    ]);
  });

  it('reports an SDK call the SDK reference of its version does not document', () => {
    const problems = checkCoherence(
      inject(
        'versioned_docs/version-2506.1/guide/api/stopAnalysis.md',
        'client.stopAnalysis("ana_01J8Z3K4QX7B2C9D5E6F7G8H9J");',
        'client.stopAnalysis("ana_01J8Z3K4QX7B2C9D5E6F7G8H9J", "CI pipeline cancelled");',
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /stopAnalysis\.md:\d+: java SDK client stopAnalysis with 2 argument\(s\) is not what the 2506.1 SDK reference documents/,
      ),
    ]);
  });

  it('reports a page written the old way against a rule another page states', () => {
    const ticketKey = checkCoherence(
      inject(
        'docs/guide/api/results.zip/issue.md',
        '`ruleId`, `file`, `assetId`를 조합한 값(위의 이슈 추적 키와 같은 키)을 티켓의 외부 키로 저장해 두면 같은 이슈로 티켓이 중복 생성되는 것을 막을 수 있습니다. `assetId`를 빼면 같은 `pom.xml`에서 나온 여러 라이브러리의 취약점(모두 `EA-DEP-VULN-001`)이 한 티켓으로 합쳐지고, 그중 하나만 해결되어도 티켓이 닫힙니다.',
        '`ruleId`와 `file`을 조합한 값을 티켓의 외부 키로 저장해 두면 같은 이슈로 티켓이 중복 생성되는 것을 막을 수 있습니다.',
      ),
    );
    expect(ticketKey).toEqual([
      expect.stringMatching(/^docs\/guide\/api\/results\.zip\/issue\.md:\d+: an issue key of ruleId and file without assetId$/),
    ]);
    const retry = checkCoherence(
      inject(
        'versioned_docs/version-2506.1/guide/api/analyzeOps.md',
        '이 요청은 분석을 새로 만들기 때문에, 오류 응답을 받았더라도 분석이 이미 접수되었을 수 있습니다. 자동으로 재시도하지 말고',
        '잠시 후 다시 시도하고,',
      ),
    );
    expect(retry).toEqual([
      expect.stringMatching(
        /^versioned_docs\/version-2506\.1\/guide\/api\/analyzeOps\.md:\d+: says to retry INTERNAL_ERROR where versioned_docs\/version-2506\.1\/tutorial\/advanced\/usage\.md says not/,
      ),
    ]);
    const sdk = checkCoherence(
      inject(
        'docs/guide/sdk/Node.md',
        '분석을 만드는 메서드(`analyzeCode`, `analyzeOps`, `analyzeWebapp`)에서는 분석이 이미 접수되었을 수 있으므로 자동으로 재시도하지 말고 콘솔에서 먼저 확인합니다.',
        '분석을 만드는 메서드도 같습니다.',
      ),
    );
    expect(sdk).toEqual([expect.stringMatching(/^docs\/guide\/sdk\/Node\.md:\d+: says to retry INTERNAL_ERROR/)]);
    const level = checkCoherence(
      inject(
        'docs/guide/api/results.zip/workMessage.json.md',
        '"message": "Could not detect file encoding; file read as UTF-8"',
        '"message": "Could not detect file encoding; file skipped"',
      ),
    );
    expect(level).toEqual([
      expect.stringMatching(/^docs\/guide\/api\/results\.zip\/workMessage\.json\.md:\d+: a WARN message says a file was skipped/),
    ]);
    const letter = checkCoherence(
      inject(
        'docs/guide/api/results.zip/workMessage.json.md',
        '"level": "ERROR",\n    "code": "E1301"',
        '"level": "WARN",\n    "code": "E1301"',
      ),
    );
    expect(letter).toEqual(expect.arrayContaining([expect.stringMatching(/: a WARN message with a E code$/)]));
  });

  it('reports an English page that drifts from its Korean original', () => {
    const problems = checkCoherence(
      inject('i18n/en/docs/current/guide/overview.md', '| `RESULT_NOT_READY` | 409 |', '| `RESULT_NOT_READY` | 404 |'),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^current: RESULT_NOT_READY has 2 statuses/));
    expect(problems).toContainEqual(expect.stringContaining('errors differ; only Korean: [], only English: [RESULT_NOT_READY 404]'));
    const extraArgument = checkCoherence(
      inject(
        'i18n/en/blog/2025-05-15-first-blog-post.md',
        "downloadFile(accepted.analysisId, './results.zip')",
        "downloadFile(accepted.analysisId, './results.zip', { resume: true })",
      ),
    );
    expect(extraArgument).toEqual([
      expect.stringMatching(
        /^i18n\/en\/blog\/2025-05-15-first-blog-post\.md:\d+: node SDK client downloadFile with 3 argument\(s\) is not what the current SDK reference documents/,
      ),
      expect.stringContaining('only Korean: [node client downloadFile/2], only English: [node client downloadFile/3]'),
    ]);
  });
});
