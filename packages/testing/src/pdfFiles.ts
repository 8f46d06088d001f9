/**
 * What a test reads of a PDF: its bookmarks and links (pdf-lib), and its text, fonts, word boxes
 * and pages as pictures (Debian's poppler-utils: pdftotext, pdffonts, pdftoppm, pdfimages).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, PDFHexString } from 'pdf-lib';

export interface Bookmark {
  title: string;
  /** 0-based page its destination is on; undefined when it has none. */
  page?: number;
  items: Bookmark[];
}

export interface PdfLink {
  /** 0-based page the link is on. */
  page: number;
  /** 0-based page a link inside the PDF leads to (undefined when its destination is nowhere). */
  target?: number;
  internal: boolean;
  uri?: string;
}

export interface PdfStructure {
  pageCount: number;
  bookmarks: Bookmark[];
  links: PdfLink[];
  /** Elements of its structure tree (`/StructElem`) by type (`H1`, `P`, `Table`…): none in a PDF that is not tagged. */
  structureElements: Map<string, number>;
  /** Whether the catalog says it is tagged (`/MarkInfo << /Marked true >>`). */
  marked: boolean;
  /** The two parts of the trailer's `/ID`, in hexadecimal. */
  id: string[];
}

export async function readPdfStructure(file: string): Promise<PdfStructure> {
  const document = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
  const { context, catalog } = document;
  const pageIndex = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const dests = catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  const toPage = (destination: unknown): number | undefined => {
    let array = destination instanceof PDFRef ? context.lookup(destination) : destination;
    if (array instanceof PDFName || array instanceof PDFString || array instanceof PDFHexString) {
      const name = array instanceof PDFName ? array : PDFName.of(array.decodeText());
      array = dests ? context.lookup(dests.get(name)) : undefined;
    }
    if (!(array instanceof PDFArray)) return undefined;
    const page = array.get(0);
    return page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
  };
  const readItems = (first: unknown): Bookmark[] => {
    const items: Bookmark[] = [];
    for (let ref = first; ref instanceof PDFRef;) {
      const item = context.lookup(ref, PDFDict);
      const title = item.lookup(PDFName.of('Title'));
      items.push({
        title: title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : '',
        page: toPage(item.get(PDFName.of('Dest'))),
        items: readItems(item.get(PDFName.of('First'))),
      });
      ref = item.get(PDFName.of('Next'));
    }
    return items;
  };
  const outlines = catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const links: PdfLink[] = [];
  document.getPages().forEach((page, index) => {
    const annots = page.node.Annots();
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const annot = annots!.lookup(i, PDFDict);
      if (annot.get(PDFName.of('Subtype'))?.toString() !== '/Link') continue;
      const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
      const dest = annot.get(PDFName.of('Dest')) ?? action?.get(PDFName.of('D'));
      if (dest) links.push({ page: index, target: toPage(dest), internal: true });
      else {
        const uri = action?.lookup(PDFName.of('URI'));
        links.push({
          page: index,
          internal: false,
          uri: uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : undefined,
        });
      }
    }
  });
  const structureElements = new Map<string, number>();
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type'))?.toString() === '/StructElem') {
      const type = object.get(PDFName.of('S'))?.toString().slice(1) ?? '';
      structureElements.set(type, (structureElements.get(type) ?? 0) + 1);
    }
  }
  const id = context.trailerInfo.ID;
  return {
    pageCount: document.getPageCount(),
    bookmarks: outlines ? readItems(outlines.get(PDFName.of('First'))) : [],
    links,
    structureElements,
    marked: catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict)?.get(PDFName.of('Marked'))?.toString() === 'true',
    id: id instanceof PDFArray ? id.asArray().map((part) => (part instanceof PDFHexString ? part.asString() : String(part))) : [],
  };
}

/**
 * The text of a PDF, or of one page (1-based), as pdftotext reads it. With `margins` (points at the
 * top and bottom, and the page's height), what is printed there (running headers, footers) is left
 * out, so that a paragraph that goes on over a page break reads as one; with `raw`, the text is read
 * in the order it was written rather than in the order of the page.
 */
export function readPdfText(file: string, page?: number, margins?: { margin: number; pageHeight: number; raw?: boolean }): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const crop = margins
    ? [
        ...(margins.raw ? ['-raw'] : []),
        '-x',
        '0',
        '-y',
        String(margins.margin),
        '-W',
        '10000',
        '-H',
        String(margins.pageHeight - 2 * margins.margin),
      ]
    : [];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...range, ...crop, file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Text without any white space: what a comparison of wrapped text needs. */
export function squeeze(text: string): string {
  return text.replace(/[\s\u00ad\u200b]+/g, '');
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

export function readPdfFonts(file: string): PdfFont[] {
  const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  return lines.map((line) => {
    // name, type (may hold a space: "CID TrueType"), encoding, emb, sub, uni, object id
    const match = /^(\S+)\s+(.+?)\s{2,}\S+\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
    if (!match) throw new Error(`pdffonts printed a line this test cannot read: ${line}`);
    return { name: match[1]!, type: match[2]!.trim(), embedded: match[3] === 'yes' };
  });
}

export interface WordBox {
  page: number;
  pageWidth: number;
  xMin: number;
  xMax: number;
  word: string;
}

/** Every word with its box, as `pdftotext -bbox` gives them (points, from the page's left edge). */
export function readWordBoxes(file: string): WordBox[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 128 * 1024 * 1024 });
  const boxes: WordBox[] = [];
  let page = 0;
  let pageWidth = 0;
  for (const match of xhtml.matchAll(
    /<page width="([\d.]+)"|<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
  )) {
    if (match[1]) {
      page++;
      pageWidth = Number(match[1]);
    } else boxes.push({ page, pageWidth, xMin: Number(match[2]), xMax: Number(match[3]), word: match[4]! });
  }
  return boxes;
}

/** A page (1-based) as a grey picture: the share of its pixels that are not white, and a PNG written to `png`. */
export function renderPage(file: string, page: number, png: string): { inked: number } {
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', String(page), '-l', String(page), '-singlefile', file, png.replace(/\.png$/, '')]);
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '30', '-f', String(page), '-l', String(page), '-singlefile', file], {
    maxBuffer: 64 * 1024 * 1024,
  });
  // Binary PGM: "P5\n<width> <height>\n<max>\n" then a byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm gave no PGM picture');
  const pixels = pgm.subarray(header[0].length);
  let inked = 0;
  for (const value of pixels) if (value < 200) inked++;
  return { inked: inked / pixels.length };
}

/** The number of pictures a PDF holds, as `pdfimages -list` lists them. */
export function countPdfImages(file: string): number {
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).length;
}
