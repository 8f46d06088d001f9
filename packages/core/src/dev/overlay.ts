import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '@docgen/types';
import { formatDiagnostic } from '../diagnostics/index.js';

/**
 * The link an error's file opens, a template: `{path}` is the file's absolute path as in a file
 * URL (`/home/me/site/docs/a.md`, percent-encoded), `{line}` and `{column}` are 1-based.
 */
export const DEFAULT_EDITOR_URL = 'vscode://file{path}:{line}:{column}';

/** Lines of source shown above and below the failing one. */
const FRAME_CONTEXT = 2;

/** One error as the overlay shows it. */
export interface OverlayError {
  message: string;
  hint?: string;
  /** `docs/a.md:3:8`, as the terminal prints it. */
  where?: string;
  /** The editor link of the file (see DEFAULT_EDITOR_URL). */
  href?: string;
  /** The failing line and those around it, with its line number; the one failing is `line`. */
  frame?: { start: number; line: number; column: number; lines: string[] };
}

/** What the live channel sends on a failed build: the text (as the terminal has it) and each error. */
export interface OverlayReport {
  message: string;
  errors: OverlayError[];
}

export function toEditorUrl(template: string, absolutePath: string, line: number, column: number): string {
  return template
    .replaceAll('{path}', pathToFileURL(absolutePath).pathname)
    .replaceAll('{line}', String(line))
    .replaceAll('{column}', String(column));
}

/** Link problems the list in the page shows; the terminal prints them all. */
const LINKS_SHOWN = 50;

/** What the live channel sends after each build: the site's broken links (see getLiveClient). */
export interface LinkProblemsReport {
  count: number;
  /** The first LINKS_SHOWN, each with its place and editor link. */
  problems: OverlayError[];
  /** Stands for this list: a list dismissed in the page stays dismissed until the list changes. */
  key: string;
}

/** The overlay's report of a failed build: each error with its editor link and a frame of its source, read now. */
export function toOverlayReport(diagnostics: Diagnostic[], siteDir: string, editorUrl = DEFAULT_EDITOR_URL): OverlayReport {
  const errors = diagnostics.map((diagnostic) => toOverlayError(diagnostic, siteDir, editorUrl, true));
  return { message: diagnostics.map(formatDiagnostic).join('\n\n'), errors };
}

/** The broken links, anchors and URLs among a build's warnings, as the page lists them. */
export function toLinkProblemsReport(warnings: Diagnostic[], siteDir: string, editorUrl = DEFAULT_EDITOR_URL): LinkProblemsReport {
  const links = warnings.filter((warning) => warning.code === 'broken-link');
  const problems = links.slice(0, LINKS_SHOWN).map((warning) => toOverlayError(warning, siteDir, editorUrl, false));
  const key = createHash('sha256')
    .update(JSON.stringify(links.map(({ message, location }) => [message, location])))
    .digest('hex')
    .slice(0, 16);
  return { count: links.length, problems, key };
}

/** A diagnostic with its place as an editor link, and (`withFrame`) the lines of source around it. */
function toOverlayError(diagnostic: Diagnostic, siteDir: string, editorUrl: string, withFrame: boolean): OverlayError {
  const { location } = diagnostic;
  const error: OverlayError = { message: diagnostic.message, hint: diagnostic.hint };
  if (!location) return error;
  const absolutePath = isAbsolute(location.file) ? location.file : resolve(siteDir, location.file);
  error.where = `${location.file}:${location.line}:${location.column}`;
  error.href = toEditorUrl(editorUrl, absolutePath, location.line, location.column);
  if (withFrame) error.frame = readFrame(absolutePath, location.line, location.column);
  return error;
}

function readFrame(absolutePath: string, line: number, column: number): OverlayError['frame'] {
  if (!existsSync(absolutePath)) return undefined;
  let text: string;
  try {
    text = readFileSync(absolutePath, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n?|\n/);
  if (line < 1 || line > lines.length) return undefined;
  const start = Math.max(1, line - FRAME_CONTEXT);
  const end = Math.min(lines.length, line + FRAME_CONTEXT);
  // Long lines are cut: the frame is for finding the place, the editor link for the rest.
  return { start, line, column, lines: lines.slice(start - 1, end).map((text) => (text.length > 400 ? `${text.slice(0, 400)}…` : text)) };
}

/**
 * The script injected into every page the dev server sends: reloads on `reload`, and on
 * `build-error` shows the overlay: an opaque dialog in a shadow root (no page style reaches it),
 * each error's file as an editor link, its message and hint, and a frame of its source with the
 * failing line and column marked. The close button (focused when it opens) or Escape hides it
 * until the next error; `build-ok` removes it.
 * On `link-problems` it shows the site's broken links in a list at the bottom corner, which does
 * not take the focus nor cover the page; dismissed, it stays hidden (for the tab's session) until
 * the list changes, and it goes away when the links are fixed.
 */
export function getLiveClient(livePath: string, token: string): string {
  return `<script>(function(){var s=new EventSource(${JSON.stringify(`${livePath}?token=${token}`)});
s.addEventListener('reload',function(){location.reload()});
s.addEventListener('build-error',function(e){show(JSON.parse(e.data))});
s.addEventListener('build-ok',function(){hide()});
s.addEventListener('link-problems',function(e){links(JSON.parse(e.data))});
var before=null;
function el(tag,cls,text){var n=document.createElement(tag);if(cls)n.className=cls;if(text!=null)n.textContent=text;return n}
function hide(){var h=document.getElementById('__docgen-overlay');if(!h)return;h.remove();if(before&&before.focus)before.focus();before=null}
function onKey(e){if(e.key==='Escape'){e.preventDefault();hide()}}
function show(report){var h=document.getElementById('__docgen-overlay');if(h)h.remove();else before=document.activeElement;
h=document.createElement('div');h.id='__docgen-overlay';
h.style.cssText='position:fixed;inset:0;z-index:2147483647;display:block';
var root=h.attachShadow({mode:'open'});
var css=el('style',null,${JSON.stringify(OVERLAY_CSS)});root.appendChild(css);
var back=el('div','backdrop');root.appendChild(back);
var panel=el('div','panel');panel.setAttribute('role','alertdialog');panel.setAttribute('aria-modal','true');
panel.setAttribute('aria-labelledby','t');panel.setAttribute('aria-describedby','d');root.appendChild(panel);
var head=el('div','head');var title=el('h2',null,'docgen could not build your last change');title.id='t';head.appendChild(title);
var close=el('button','close','\\u00d7');close.type='button';close.setAttribute('aria-label','Close the error overlay');close.title='Close (Esc)';
close.addEventListener('click',hide);head.appendChild(close);panel.appendChild(head);
var lead=el('p','lead','Fix it and save: this page reloads by itself. The last good version of the site is still served.');lead.id='d';panel.appendChild(lead);
var errors=report.errors&&report.errors.length?report.errors:[{message:report.message}];
errors.forEach(function(x){var sec=el('section','error');
if(x.where){var a=el('a','file',x.where);a.setAttribute('data-docgen-file','');if(x.href)a.href=x.href;a.title='Open in your editor';sec.appendChild(a)}
sec.appendChild(el('p','message',x.message));
if(x.frame){var pre=el('pre','frame');pre.setAttribute('aria-label','Source around line '+x.frame.line);var width=String(x.frame.start+x.frame.lines.length-1).length;
x.frame.lines.forEach(function(text,i){var n=x.frame.start+i,bad=n===x.frame.line,row=el('div',bad?'row bad':'row');
row.appendChild(el('span','gutter',(bad?'> ':'  ')+String(n).padStart(width)+' | '));
if(bad){var c=Math.max(0,Math.min(text.length,x.frame.column-1));row.appendChild(document.createTextNode(text.slice(0,c)));
var m=el('mark','column',text.slice(c,c+1)||' ');m.title='column '+x.frame.column;row.appendChild(m);row.appendChild(document.createTextNode(text.slice(c+1)));
pre.appendChild(row);var caret=el('div','row caret');caret.setAttribute('aria-hidden','true');caret.appendChild(el('span','gutter','  '+' '.repeat(width)+' | '));
caret.appendChild(document.createTextNode(text.slice(0,c).replace(/[^\\t]/g,' ')+'^'));pre.appendChild(caret)}else{row.appendChild(document.createTextNode(text));pre.appendChild(row)}});
sec.appendChild(pre)}
if(x.hint)sec.appendChild(el('p','hint','hint: '+x.hint));panel.appendChild(sec)});
h.addEventListener('keydown',onKey);
panel.addEventListener('keydown',function(e){if(e.key!=='Tab')return;var f=root.querySelectorAll('a[href],button');if(!f.length)return;
var first=f[0],last=f[f.length-1],at=root.activeElement;if(e.shiftKey&&at===first){e.preventDefault();last.focus()}else if(!e.shiftKey&&at===last){e.preventDefault();first.focus()}});
(document.body||document.documentElement).appendChild(h);close.focus()}
var DISMISSED='__docgen-links-dismissed';
function links(report){var h=document.getElementById('__docgen-links');if(h)h.remove();
var dismissed=null;try{dismissed=sessionStorage.getItem(DISMISSED)}catch(e){}
if(!report.count||dismissed===report.key)return;
h=document.createElement('div');h.id='__docgen-links';h.style.cssText='position:fixed;right:16px;bottom:16px;z-index:2147483646';
var root=h.attachShadow({mode:'open'});root.appendChild(el('style',null,${JSON.stringify(LINKS_CSS)}));
var box=el('section','links');box.setAttribute('role','region');box.setAttribute('aria-labelledby','lt');root.appendChild(box);
var head=el('div','head');var title=el('h2',null,report.count+(report.count===1?' broken link':' broken links')+' in the site');title.id='lt';head.appendChild(title);
var close=el('button','close','\u00d7');close.type='button';close.setAttribute('aria-label','Dismiss the list of broken links');close.title='Dismiss until the list changes';
close.addEventListener('click',function(){try{sessionStorage.setItem(DISMISSED,report.key)}catch(e){}h.remove()});head.appendChild(close);box.appendChild(head);
var list=el('ul');report.problems.forEach(function(x){var li=el('li');
if(x.where){var a=el('a','file',x.where);if(x.href)a.href=x.href;a.title='Open in your editor';li.appendChild(a)}
li.appendChild(el('span','message',x.message));list.appendChild(li)});box.appendChild(list);
if(report.count>report.problems.length)box.appendChild(el('p','more','and '+(report.count-report.problems.length)+' more: the terminal lists them all'));
(document.body||document.documentElement).appendChild(h)}
})();</script>`;
}

/** The style of the list of broken links, inside its shadow root: a small opaque card over the page's corner. */
const LINKS_CSS = [
  ':host{all:initial}',
  '.links{box-sizing:border-box;width:min(460px,calc(100vw - 32px));max-height:40vh;overflow:auto;padding:12px 14px;',
  'background:#16161a;color:#f4f4f5;border:1px solid #3f3f46;border-left:4px solid #fbbf24;border-radius:8px;',
  'box-shadow:0 10px 30px rgba(0,0,0,.4);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left}',
  '.head{display:flex;align-items:center;justify-content:space-between;gap:12px}',
  'h2{margin:0;font-size:15px;font-weight:600;color:#fde68a}',
  '.close{flex:none;width:28px;height:28px;border:1px solid #52525b;border-radius:6px;background:#27272a;color:#f4f4f5;',
  'font:18px/1 system-ui,sans-serif;cursor:pointer}',
  '.close:focus-visible,.file:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}',
  'ul{margin:8px 0 0;padding:0;list-style:none}',
  'li{margin:0 0 8px}',
  '.file{display:block;color:#93c5fd;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-decoration:underline}',
  '.message{overflow-wrap:anywhere}',
  '.more{margin:4px 0 0;color:#d4d4d8}',
].join('');

/** The overlay's own style, inside its shadow root: opaque, readable over any page, in either colour scheme. */
const OVERLAY_CSS = [
  ':host{all:initial}',
  '.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.6)}',
  '.panel{position:fixed;inset:32px;max-width:1000px;margin:0 auto;overflow:auto;box-sizing:border-box;padding:24px 28px;',
  'background:#16161a;color:#f4f4f5;border:1px solid #3f3f46;border-top:4px solid #f87171;border-radius:8px;',
  'box-shadow:0 20px 60px rgba(0,0,0,.5);font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left}',
  '.head{display:flex;align-items:flex-start;justify-content:space-between;gap:16px}',
  'h2{margin:0;font-size:19px;line-height:1.3;color:#fca5a5;font-weight:600}',
  '.close{flex:none;width:36px;height:36px;border:1px solid #52525b;border-radius:6px;background:#27272a;color:#f4f4f5;',
  'font:22px/1 system-ui,sans-serif;cursor:pointer}',
  '.close:hover{background:#3f3f46}',
  '.close:focus-visible,.file:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}',
  '.lead{margin:8px 0 20px;color:#d4d4d8}',
  '.error{margin:0 0 24px;padding-top:16px;border-top:1px solid #3f3f46}',
  '.file{color:#93c5fd;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-decoration:underline}',
  '.message{margin:6px 0 10px;font-weight:600;white-space:pre-wrap;overflow-wrap:anywhere}',
  '.hint{margin:10px 0 0;color:#d4d4d8;white-space:pre-wrap}',
  '.frame{margin:0;padding:12px 0;background:#0b0b0e;border:1px solid #3f3f46;border-radius:6px;overflow:auto;',
  'font:13px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#e4e4e7;tab-size:4}',
  '.row{padding:0 14px;white-space:pre}',
  '.bad{background:#3b1d1d}',
  '.gutter{color:#a1a1aa;user-select:none}',
  '.bad .gutter{color:#fca5a5}',
  '.column{background:#f87171;color:#16161a;border-radius:2px}',
  '.caret{color:#f87171;font-weight:700}',
  '@media (max-width:600px){.panel{inset:8px;padding:16px}}',
].join('');
