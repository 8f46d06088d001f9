import { getScriptUrlScheme } from '@docgen/shared/scriptUrl';
import type { DiagnosticCode } from '@docgen/types';
import type { Element, Root as HastRoot } from 'hast';
import { isCommentOnly } from './rawHtml.js';

/** Records a warning at a 1-based line and column of the body. */
export type Warn = (message: string, hint: string, position?: { line: number; column: number }, code?: DiagnosticCode) => void;

/** Properties (hast names) whose value is one URL. */
const URL_PROPERTIES = new Set(['href', 'src', 'action', 'formAction', 'xLinkHref', 'poster', 'cite', 'data', 'background']);
/**
 * Elements whose `src` only draws or plays what it loads, never runs it as a document: an SVG
 * image in a data: URL is harmless there.
 */
const MEDIA_ELEMENTS = new Set(['img', 'source', 'input', 'video', 'audio', 'track']);
/**
 * CSS that runs script in some browser: `expression()` (old Internet Explorer), `javascript:`
 * and `vbscript:` URLs, `-moz-binding` (old Firefox, XBL), `behavior:` (old Internet Explorer, HTC).
 */
const SCRIPT_CSS = /expression\(|javascript:|vbscript:|-moz-binding|behavior:/;

/**
 * Elements of raw HTML left out of a page, with why: they would run code, or belong in the page's
 * head, from inside the content. `title` only outside SVG, where it is a tooltip. (`<base>`, not
 * a known tag, is shown as text.)
 */
const REMOVED_ELEMENTS: Record<string, { message: string; hint: string }> = {
  script: {
    message: 'a page runs no scripts from its content',
    hint: 'Add scripts to the theme. To show code, put it in a fenced code block.',
  },
  meta: {
    message: "it belongs in the page's head, which docgen writes",
    hint: "Set the page's title and description in its front matter.",
  },
  title: {
    message: "it belongs in the page's head, which docgen writes",
    hint: "Set the page's title in its front matter, or start the page with a # heading.",
  },
};

/** Whether a URL in `property` of `tagName` would run script: a script URL, or a data: document outside media. */
function isScriptUrl(url: string, property: string, tagName: string): boolean {
  return getScriptUrlScheme(url, { drawnOnly: isDrawnOnly(property, tagName) }) !== undefined;
}

/** Whether the URL in `property` of `tagName` is only drawn (an image or media source), never opened as a document. */
function isDrawnOnly(property: string, tagName: string): boolean {
  return property === 'poster' || (property === 'src' && MEDIA_ELEMENTS.has(tagName));
}

/**
 * Told of each script URL taken out of an element's URL attribute, with the element's position:
 * the link checker reports it as the build warns about it.
 */
export type ScriptUrlListener = (url: string, kind: 'link' | 'image', position: { line: number; column: number } | undefined) => void;

/**
 * The construct of `css` that runs script (see SCRIPT_CSS), read as a browser does: comments and
 * escapes resolved, white space dropped, lower-cased; undefined when there is none.
 */
export function getScriptInCss(css: string): string | undefined {
  const read = css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
    .replace(/\\(.)/g, '$1')
    .replace(/[\s\u0000-\u001f]+/g, '')
    .toLowerCase();
  return SCRIPT_CSS.exec(read)?.[0].replace(/[(:]$/, '');
}

/**
 * Why an element of raw HTML is left out of the page, or undefined when it is kept: the elements
 * of REMOVED_ELEMENTS, and a `<style>` whose CSS runs script.
 */
export function getElementRemoval(node: Element, inSvg: boolean): { message: string; hint: string } | undefined {
  if (node.tagName === 'title' && inSvg) return undefined;
  const removed = REMOVED_ELEMENTS[node.tagName];
  if (removed) return { message: `<${node.tagName}> is removed: ${removed.message}`, hint: removed.hint };
  if (node.tagName !== 'style') return undefined;
  const css = node.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
  const script = getScriptInCss(css);
  if (script === undefined) return undefined;
  return {
    message: `<style> is removed: its CSS runs script (${script})`,
    hint: 'Style content with plain CSS; add behaviour in the theme.',
  };
}

/**
 * Authors are trusted, but the output never carries inline event handlers, script URLs, script in
 * CSS or frames of inline HTML (`srcdoc` runs in the page's origin): each attribute is removed with
 * a warning at the element.
 */
export function sanitizeElement(node: Element, warn: Warn, onScriptUrl?: ScriptUrlListener): void {
  const where = node.position?.start;
  for (const key in node.properties) {
    if (key === 'className') continue;
    const attribute = key === 'xLinkHref' ? 'xlink:href' : key.toLowerCase();
    const value = node.properties[key];
    // `onclick`, `onClick`: a handler's name is `on` and letters (`one-link-mark` is no handler).
    if (/^on[a-z]+$/i.test(key)) {
      delete node.properties[key];
      warn(
        `The event handler ${attribute} of <${node.tagName}> is removed`,
        'A page runs no scripts from its content: add behaviour in the theme.',
        where,
      );
    } else if (key === 'srcDoc') {
      delete node.properties[key];
      warn(
        `The srcdoc of <${node.tagName}> is removed: its HTML would run as the site's own`,
        'Point the frame at a page with src instead.',
        where,
      );
    } else if (URL_PROPERTIES.has(key) && typeof value === 'string' && isScriptUrl(value, key, node.tagName)) {
      delete node.properties[key];
      warn(`The script URL in ${attribute} of <${node.tagName}> is removed`, 'Link to a page or a web address (https:) instead.', where);
      onScriptUrl?.(value, isDrawnOnly(key, node.tagName) ? 'image' : 'link', where);
    } else if (
      key === 'srcSet' &&
      typeof value === 'string' &&
      value.split(',').some((candidate) => isScriptUrl(candidate.trim(), 'src', node.tagName))
    ) {
      delete node.properties[key];
      warn(`The script URL in srcset of <${node.tagName}> is removed`, 'List image files or web addresses (https:) instead.', where);
    } else if (key === 'style' && typeof value === 'string') {
      const script = getScriptInCss(value);
      if (script === undefined) continue;
      delete node.properties[key];
      warn(
        `The style of <${node.tagName}> is removed: its CSS runs script (${script})`,
        'Style content with plain CSS; add behaviour in the theme.',
        where,
      );
    }
  }
}

/**
 * Takes out of a tree what a page does not show: comments, which authors write to be hidden, and,
 * with a warning at their position, what sanitizeHtml.ts removes. Each element is cleaned before
 * its children, in document order.
 */
export function removeNotShown(root: HastRoot, warn: Warn, onScriptUrl: ScriptUrlListener): void {
  // Children of `parent` before `next` are done; those kept were moved to the front, before `kept`.
  type Frame = { parent: HastRoot | Element; inSvg: boolean; next: number; kept: number };
  const stack: Frame[] = [{ parent: root, inSvg: false, next: 0, kept: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const { parent } = frame;
    if (frame.next === parent.children.length) {
      parent.children.length = frame.kept;
      stack.pop();
      continue;
    }
    const child = parent.children[frame.next++]!;
    // Raw HTML reaches here unparsed only when it holds nothing but comments (see hasRawHtml).
    if (child.type === 'comment' || (child.type === 'raw' && isCommentOnly(child.value))) continue;
    if (child.type === 'element') {
      const svg = frame.inSvg || child.tagName === 'svg';
      const removed = getElementRemoval(child, svg);
      if (removed) {
        warn(removed.message, removed.hint, child.position?.start);
        continue;
      }
      sanitizeElement(child, warn, onScriptUrl);
      parent.children[frame.kept++] = child;
      stack.push({ parent: child, inSvg: svg, next: 0, kept: 0 });
      continue;
    }
    parent.children[frame.kept++] = child;
  }
}
