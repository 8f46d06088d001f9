/**
 * Chromium's print to PDF (Debian's, through playwright-core; never a downloaded browser), over the
 * built site served on 127.0.0.1, so that a manual loads the site's stylesheets, fonts and images
 * as its pages do. The printer also draws a page's mermaid diagrams as the site does: it opens the
 * built page and takes the drawings.
 */
import type { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { encodePath } from '@docgen/shared';
import { DocgenError } from '../diagnostics/index.js';
import { startStaticServer } from '../dev/index.js';
import { CHROMIUM_ARGS, findChromium } from './chromium.js';
import { readDestinationPages } from './pdfFile.js';

export interface PrintedManual {
  /** The printed PDF, loaded (pdf-lib). */
  document: PDFDocument;
  /** The page (0-based) of each element a link of the manual leads to. */
  pages: Map<string, number>;
  pageCount: number;
  /** False when some of its resources (images of other hosts) had not loaded in time, and were printed as they were. */
  loaded?: boolean;
}

export interface ManualPrinter {
  /**
   * Prints a manual's document. The contents' page numbers (`data-page-of`) are filled in from a
   * first print and the manual printed again, until they no longer move.
   */
  print(name: string, html: string): Promise<PrintedManual>;
  /** The mermaid drawings (SVG) of a built page, in its order; undefined for one not drawn. */
  drawDiagrams(path: string): Promise<(string | undefined)[]>;
  close(): Promise<void>;
}

/** How long a page may take to load its resources and draw its diagrams. */
export const LOAD_TIMEOUT_MS = 60_000;

export function getNoChromiumError(): DocgenError {
  const where = process.env.DOCGEN_CHROMIUM ? ` (DOCGEN_CHROMIUM is ${process.env.DOCGEN_CHROMIUM}, which does not exist)` : '';
  return new DocgenError(`docgen pdf prints with Chromium, which is not installed${where}`, {
    code: 'pdf-browser-missing',
    hint: 'Install it (Debian, Ubuntu: sudo apt-get install chromium fonts-nanum), or set DOCGEN_CHROMIUM to the path of a Chromium or Chrome.',
  });
}

export async function createManualPrinter(options: { outDir: string; baseUrl: string }): Promise<ManualPrinter> {
  const executablePath = findChromium();
  if (!executablePath) throw getNoChromiumError();
  const { chromium } = await import('playwright-core');
  const server = await startStaticServer({ root: options.outDir, host: '127.0.0.1', port: 0, baseUrl: options.baseUrl });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  } catch (error) {
    await server.close();
    throw new DocgenError(`Chromium could not be started (${executablePath}): ${(error as Error).message.split('\n')[0]}`, {
      code: 'pdf-browser-missing',
      hint: 'Check that it runs (chromium --headless --version), or set DOCGEN_CHROMIUM to another Chromium or Chrome.',
    });
  }
  const origin = new URL(server.url).origin;
  const context = await browser.newContext({ colorScheme: 'light' });
  // The reader's colour mode is light in print, whatever the site's default.
  await context.addInitScript(() => localStorage.setItem('theme', 'light'));

  return {
    async print(name, html) {
      const page = await context.newPage();
      try {
        const url = `${server.url}__docgen-manual/${encodePath(name)}.html`;
        await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
        await page.goto(url, { waitUntil: 'domcontentloaded', timeout: LOAD_TIMEOUT_MS });
        // Images of other hosts may never answer: the manual is printed without what has not loaded by then.
        const loaded = await page.waitForLoadState('load', { timeout: LOAD_TIMEOUT_MS }).then(
          () => true,
          () => false,
        );
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        // The first print only places the contents' page numbers, and is not tagged: the structure
        // tree (for screen readers and reflow) makes a print take half as long again and its file
        // 2.5 times the size (a 107-page manual: 4.4 s and 4.5 MB tagged, 2.7 s and 1.8 MB not),
        // and moves nothing. The manual itself is a tagged print.
        let printed = await printPage(page, false);
        for (let pass = 0; pass < 4; pass++) {
          const changed = await page.evaluate((pages) => {
            let moved = false;
            for (const element of document.querySelectorAll<HTMLElement>('[data-page-of]')) {
              const index = pages[element.dataset.pageOf!];
              const text = index === undefined ? '' : String(index + 1);
              if (element.textContent !== text) {
                element.textContent = text;
                moved = true;
              }
            }
            return moved;
          }, Object.fromEntries(printed.pages));
          // The first pass prints again even when nothing moved: the manual is the tagged print.
          if (!changed && pass > 0) break;
          printed = await printPage(page, true);
        }
        return { ...printed, loaded };
      } finally {
        await page.close();
      }
    },
    async drawDiagrams(path) {
      const page = await context.newPage();
      try {
        await page.goto(`${origin}${encodePath(path)}`, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
        const selector = '.diagram[data-diagram="mermaid"]';
        await page
          .waitForFunction(
            (blocks) => [...document.querySelectorAll(blocks)].every((block) => block.hasAttribute('data-drawn')),
            selector,
            { timeout: LOAD_TIMEOUT_MS, polling: 100 },
          )
          .catch(() => undefined);
        return await page.$$eval(selector, (blocks) =>
          blocks.map((block) =>
            block.hasAttribute('data-drawn') ? block.querySelector(':scope > .diagram__drawing')?.innerHTML : undefined,
          ),
        );
      } finally {
        await page.close();
      }
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

async function printPage(page: Page, tagged: boolean): Promise<PrintedManual> {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged });
  return await readDestinationPages(pdf);
}
