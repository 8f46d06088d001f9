/**
 * `docgen pdf`: the site built as `docgen build` builds it, then one PDF manual per docs version and
 * locale (of each docs instance) printed from the built pages, written whole into `pdf/` of the
 * output (or `--out`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic, LoadedDoc, SiteConfig, SiteManifest, WrittenManual } from '@docgen/types';
import { getHtmlFilePath } from '@docgen/shared';
import { MANUALS_DIR } from '@docgen/shared/outputPaths';
import { build, loadSite } from '../build/index.js';
import { readConfig } from '../config/index.js';
import { DocgenError } from '../diagnostics/index.js';
import { lockOutputDir } from '../output/index.js';
import { writeFileWhole, type LockWait } from '../processes/index.js';
import { DOCGEN_VERSION } from '../version.js';
import { assembleManual } from './assembleManual.js';
import { planManuals, type Manual } from './manualPlan.js';
import { finishPdf } from './pdfFile.js';
import { findChromium } from './chromium.js';
import { createManualPrinter, getNoChromiumError, LOAD_TIMEOUT_MS, type ManualPrinter } from './printer.js';

export interface PdfOptions {
  siteDir: string;
  /** The site's output folder, built first; `<siteDir>/build` when absent. */
  outDir?: string;
  /** Where the PDFs go; `pdf/` of the output when absent. */
  pdfDir?: string;
  /** Only this docs version (its name or label); `pdf.versions` of the config, else all, when absent. */
  version?: string;
  /** Only this locale; `pdf.locales` of the config, else all, when absent. */
  locale?: string;
  /** False: build without the cache (`--no-cache`). */
  cache?: boolean;
  /** Called once a manual is written. */
  onManual?: (written: WrittenManual) => void;
  /** Called with the duration of each stage of the build, in milliseconds. */
  onStage?: (stage: string, milliseconds: number) => void;
  onWait?: (wait: LockWait) => void;
  /** The date on the covers and in the PDFs' metadata; SOURCE_DATE_EPOCH, else now, when absent. */
  date?: Date;
  /**
   * The output was just built from the site as it is, by a build that holds the output's and the
   * site cache's locks (`docgen build` with `pdf.build`): no build, no lock, its site model.
   */
  built?: { manifest: SiteManifest };
}

export interface PdfResult {
  manuals: WrittenManual[];
  /** The build's warnings, then the manuals'. */
  diagnostics: Diagnostic[];
}

/** How many manuals are printed at once (Chromium uses a process per page). */
const PRINTING_AT_ONCE = 2;

export async function writeManuals(options: PdfOptions): Promise<PdfResult> {
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(siteDir, options.outDir ?? 'build');
  const pdfDir = options.pdfDir ? resolve(options.pdfDir) : join(outDir, MANUALS_DIR);
  const diagnostics: Diagnostic[] = [];
  // Before the build: a machine without a browser, or a locale the site lacks, is told at once.
  if (!findChromium()) throw getNoChromiumError();
  if (options.locale) assertLocale(options.built?.manifest.config ?? readConfig(siteDir), options.locale);
  if (!options.built) {
    const built = await build({ siteDir, outDir, cache: options.cache, onStage: options.onStage, onWait: options.onWait, manuals: false });
    diagnostics.push(...built.diagnostics);
  }
  const manifest = options.built?.manifest ?? (await loadSite({ siteDir, onWait: options.onWait, cache: options.cache })).manifest;
  const manuals = selectManuals(manifest, options);
  diagnostics.push(...findMissingFonts(manuals));
  const date = options.date ?? getBuildDate();
  // Another build must not replace the pages while they are printed.
  const lock = options.built ? undefined : await lockOutputDir(outDir, options.onWait);
  let printer: ManualPrinter | undefined;
  try {
    printer = await createManualPrinter({ outDir, baseUrl: manifest.config.baseUrl });
    // In the plan's order, whichever is printed first.
    const written: WrittenManual[] = [];
    let next = 0;
    const work = async () => {
      for (let index = next++; index < manuals.length; index = next++) {
        const result = await writeManual(manuals[index]!, { manifest, outDir, pdfDir, date, printer: printer! });
        diagnostics.push(...result.diagnostics);
        written[index] = result.written;
        options.onManual?.(result.written);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PRINTING_AT_ONCE, manuals.length) }, work));
    return { manuals: written, diagnostics };
  } finally {
    await printer?.close();
    lock?.release();
  }
}

/** The manuals the options and the config ask for; a usage error when the options name none. */
function selectManuals(manifest: SiteManifest, options: PdfOptions): Manual[] {
  const versions = [...new Set(manifest.locales.flatMap((locale) => locale.versions.flatMap((version) => [version.name, version.label])))];
  if (options.version && !versions.includes(options.version)) {
    throw new DocgenError(`Unknown docs version "${options.version}"`, {
      code: 'usage',
      hint: `Name a version by its name or label: ${versions.join(', ')}.`,
    });
  }
  const manuals = planManuals(manifest, { version: options.version, locale: options.locale });
  if (manuals.length === 0) {
    throw new DocgenError('No manual to write: no docs version and locale of the site has a doc in a sidebar', {
      code: 'usage',
      hint: 'Check pdf.versions and pdf.locales in docgen.config.yaml, --version and --locale, and that the sidebars list docs.',
    });
  }
  return manuals;
}

function assertLocale(config: SiteConfig, locale: string): void {
  if (config.i18n.locales.includes(locale)) return;
  throw new DocgenError(`Unknown locale "${locale}"`, { code: 'usage', hint: `Available locales: ${config.i18n.locales.join(', ')}.` });
}

/** The build's date: SOURCE_DATE_EPOCH (seconds) when set, for reproducible manuals, else now. */
export function getBuildDate(): Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return new Date();
  if (!/^\d+$/.test(epoch)) {
    throw new DocgenError(`SOURCE_DATE_EPOCH is not a number of seconds: ${epoch}`, {
      code: 'usage',
      hint: 'Set it to a Unix time in seconds, such as $(git log -1 --format=%ct).',
    });
  }
  return new Date(Number(epoch) * 1000);
}

/** Languages whose text needs fonts most machines lack, by the language part of a locale. */
const CJK_LANGUAGES: Record<string, string> = { ko: 'Korean', ja: 'Japanese', zh: 'Chinese' };

/** A warning per CJK language of the manuals that no installed font carries (fontconfig's `fc-list`). */
function findMissingFonts(manuals: Manual[]): Diagnostic[] {
  const languages = [...new Set(manuals.map((manual) => manual.htmlLang.split('-')[0]!.toLowerCase()))].filter(
    (lang) => CJK_LANGUAGES[lang],
  );
  return languages.flatMap((lang): Diagnostic[] => {
    let fonts: string;
    try {
      fonts = execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return [];
    }
    if (fonts.trim() !== '') return [];
    return [
      {
        severity: 'warning',
        code: 'pdf-font-missing',
        message: `No installed font carries ${CJK_LANGUAGES[lang]} text: the ${lang} manuals will show boxes instead of letters`,
        hint: 'Install one (Debian, Ubuntu: sudo apt-get install fonts-nanum fonts-noto-cjk).',
      },
    ];
  });
}

interface ManualContext {
  manifest: SiteManifest;
  outDir: string;
  pdfDir: string;
  date: Date;
  printer: ManualPrinter;
}

async function writeManual(manual: Manual, context: ManualContext): Promise<{ written: WrittenManual; diagnostics: Diagnostic[] }> {
  const started = performance.now();
  const { manifest, outDir, printer } = context;
  const baseUrl = manifest.config.baseUrl;
  // Each built page read once: for its diagrams here, for its content in assembleManual.
  const pages = new Map<string, string | undefined>();
  for (const path of manual.anchors.keys()) {
    try {
      pages.set(path, readFileSync(join(outDir, getHtmlFilePath(path.slice(baseUrl.length - 1))), 'utf8'));
    } catch {
      pages.set(path, undefined);
    }
  }
  const readPage = (path: string) => pages.get(path);
  const drawings = new Map<string, (string | undefined)[]>();
  for (const [path, text] of pages) {
    if (text?.includes('data-diagram="mermaid"')) drawings.set(path, await printer.drawDiagrams(path));
  }
  const assembled = assembleManual({
    manual,
    readPage,
    siteUrl: manifest.config.url,
    paperSize: manifest.config.pdf.paperSize,
    cover: manifest.config.pdf.cover,
    date: context.date,
    drawings,
  });
  const printed = await printer.print(manual.fileName.replace(/\.pdf$/, ''), assembled.html);
  const title = `${manual.site.title} ${manual.versionLabel}`;
  const bytes = await finishPdf(printed.document, {
    outline: assembled.outline,
    title,
    language: manual.htmlLang,
    date: context.date,
    producer: `docgen ${DOCGEN_VERSION}`,
  });
  const file = join(context.pdfDir, manual.fileName);
  writeFileWhole(file, bytes);
  const docs = findDocsByPath(manifest, manual);
  if (printed.loaded === false) {
    assembled.problems.push({
      path: manual.site.baseUrl,
      message: `some images or other resources did not load within ${LOAD_TIMEOUT_MS / 1000} s, and are left out`,
    });
  }
  const diagnostics = assembled.problems.map(({ path, message }): Diagnostic => ({
    severity: 'warning',
    code: 'pdf-page',
    message: `${manual.fileName}: ${path}: ${message}`,
    ...(docs.get(path) && { location: { file: docs.get(path)!.sourcePath, line: 1, column: 1 } }),
  }));
  return {
    written: {
      file,
      instance: manual.instance,
      version: manual.versionName,
      locale: manual.locale,
      pages: printed.pageCount,
      bytes: bytes.length,
      milliseconds: Math.round(performance.now() - started),
    },
    diagnostics,
  };
}

function findDocsByPath(manifest: SiteManifest, manual: Manual): Map<string, LoadedDoc> {
  const version = manifest.locales
    .find((locale) => locale.locale === manual.locale)
    ?.versions.find((candidate) => candidate.instance === manual.instance && candidate.name === manual.versionName);
  return new Map(version?.docs.map((doc) => [doc.permalink, doc]));
}
