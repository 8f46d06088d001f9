import type { Element, Root, RootContent } from 'hast';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '@docgen/core';
import type { LoadedDoc, SidebarItem, SiteManifest } from '@docgen/types';
import { DOCS_CONTENT } from '../src/paths.js';

/** Prose of a page: text outside code blocks, inline code and tables. */
function proseOf(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && ['pre', 'code', 'table'].includes((node as Element).tagName)) return ' ';
  if ('children' in node) return node.children.map((child) => proseOf(child as RootContent)).join(' ');
  return '';
}

const koreanWords = (text: string) => text.split(/\s+/).filter((word) => /[\uac00-\ud7a3]/.test(word)).length;

let manifest: SiteManifest;
let getContent: Awaited<ReturnType<typeof loadSite>>['getContent'];
let docs: LoadedDoc[];
beforeAll(async () => {
  ({ manifest, getContent } = await loadSite({ siteDir: DOCS_CONTENT }));
  docs = manifest.locales.find((locale) => locale.locale === 'ko')!.versions.flatMap((version) => version.docs);
});

describe('docs-content is real documentation', () => {
  it('has the three versions with their main docs', () => {
    const versions = manifest.locales.find((locale) => locale.locale === 'ko')!.versions;
    expect(versions.map((version) => [version.label, version.mainDocId])).toEqual([
      ['2508.1', 'guide/overview'],
      ['2506.1', 'guide/overview'],
      ['2504.1', 'guide/guide/token'],
    ]);
  });

  it('gives every Korean doc page at least 150 words of prose and headings for its table of contents', () => {
    const short = docs
      .map((doc) => ({
        doc: `${doc.versionName}/${doc.id}`,
        words: koreanWords(proseOf(getContent({ key: doc.compiled.key, part: 'main', hrefs: {}, srcs: {} }))),
        toc: doc.toc.length,
      }))
      .filter((entry) => entry.words < 150 || entry.toc < 2);
    expect(docs.length).toBeGreaterThan(45);
    expect(short).toEqual([]);
  });

  it('labels every sidebar item of every English version in English', () => {
    const korean: string[] = [];
    const walk = (items: SidebarItem[]) => {
      for (const item of items) {
        if (/[\uac00-\ud7a3]/.test(item.label)) korean.push(`${item.label} (${item.href ?? ''})`);
        if (item.type === 'category') walk(item.items);
      }
    };
    for (const version of manifest.locales.find((locale) => locale.locale === 'en')!.versions) {
      for (const sidebar of Object.values(version.sidebars)) walk(sidebar);
    }
    expect(korean).toEqual([]);
  });

  it('has no placeholder text anywhere', () => {
    const placeholder = /lorem ipsum|\bTODO\b|\bTBD\b|content goes here|placeholder|여기에 내용|내용을 입력/i;
    const offenders = manifest.locales.flatMap((locale) =>
      locale.routes.flatMap((route) => Object.values(route.slots).map((slot) => ({ path: route.path, text: proseOf(getContent(slot)) }))),
    );
    expect(offenders.filter((entry) => placeholder.test(entry.text)).map((entry) => entry.path)).toEqual([]);
  });

  it('uses the Java, TypeScript, Groovy, bash and JSON highlighting it documents, with titles and highlighted lines', () => {
    const languages = new Set<string>();
    let titled = 0;
    let highlighted = 0;
    const walk = (node: Root | RootContent) => {
      if (node.type === 'element' && node.tagName === 'pre') {
        languages.add(String(node.properties.dataLanguage));
        if (node.properties.dataTitle) titled++;
        if (JSON.stringify(node).includes('code-line-highlighted')) highlighted++;
      }
      if ('children' in node) node.children.forEach((child) => walk(child as RootContent));
    };
    docs.forEach((doc) => walk(getContent({ key: doc.compiled.key, part: 'main', hrefs: {}, srcs: {} })));
    for (const language of ['java', 'typescript', 'groovy', 'bash', 'json']) expect(languages).toContain(language);
    expect(titled).toBeGreaterThan(20);
    expect(highlighted).toBeGreaterThan(5);
  });

  it('has one unlisted page outside the sidebars and one draft page left out of the build', () => {
    const current = manifest.locales.find((locale) => locale.locale === 'ko')!.versions[0]!;
    const unlisted = current.docs.filter((doc) => doc.unlisted);
    expect(unlisted.map((doc) => doc.id)).toEqual(['guide/faq']);
    expect(JSON.stringify(current.sidebars)).not.toContain('guide/faq');
    expect(current.docs.some((doc) => doc.id === 'guide/roadmap-draft')).toBe(false);
  });
});
