/**
 * What the printer's PDF lacks, added with pdf-lib: the bookmarks (the PDF outline) from the
 * manual's named destinations, and metadata that is the same for the same input (title, language,
 * dates from the build's date, an id from the content), so that a manual is reproducible.
 */
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
import type { OutlineItem } from './assembleManual.js';

/** A PDF loaded, with the page (0-based) each of its named destinations is on, and its number of pages. */
export async function readDestinationPages(
  bytes: Uint8Array,
): Promise<{ document: PDFDocument; pages: Map<string, number>; pageCount: number }> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return { document, pages: getDestinationPages(document), pageCount: document.getPageCount() };
}

function getDestinations(document: PDFDocument): Map<string, PDFArray> {
  const destinations = new Map<string, PDFArray>();
  const dests = document.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of dests?.entries() ?? []) {
    const array = document.context.lookupMaybe(value, PDFArray);
    if (array) destinations.set(name.decodeText(), array);
  }
  return destinations;
}

function getDestinationPages(document: PDFDocument): Map<string, number> {
  const pageIndex = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const pages = new Map<string, number>();
  for (const [name, array] of getDestinations(document)) {
    const page = array.get(0);
    const index = page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
    if (index !== undefined) pages.set(name, index);
  }
  return pages;
}

export interface FinishInput {
  outline: OutlineItem[];
  title: string;
  language: string;
  /** The build's date (SOURCE_DATE_EPOCH when set): creation and modification date. */
  date: Date;
  producer: string;
}

/**
 * The printed PDF (as readDestinationPages loaded it, changed here) with its bookmarks and
 * reproducible metadata; names of `outline` with no destination are left out.
 */
export async function finishPdf(document: PDFDocument, input: FinishInput): Promise<Uint8Array> {
  const { context, catalog } = document;
  // The printer's XMP metadata holds the time of printing and random ids: replaced by the Info dictionary's.
  const metadata = catalog.get(PDFName.of('Metadata'));
  if (metadata instanceof PDFRef) context.delete(metadata);
  catalog.delete(PDFName.of('Metadata'));

  renumberStructureIds(document);

  const destinations = getDestinations(document);
  const outlinesRef = context.nextRef();
  const top = addOutlineItems(input.outline, outlinesRef, 0);
  if (top) {
    context.assign(outlinesRef, context.obj({ Type: 'Outlines', First: top.first, Last: top.last, Count: PDFNumber.of(top.visible) }));
    catalog.set(PDFName.of('Outlines'), outlinesRef);
    catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
  }

  document.setTitle(input.title, { showInWindowTitleBar: true });
  document.setLanguage(input.language);
  document.setCreator('docgen');
  document.setProducer(input.producer);
  document.setCreationDate(input.date);
  document.setModificationDate(input.date);
  // The file's id is the MD5 of its bytes: written once with a placeholder of the id's length,
  // which the digest of those bytes then replaces (a second save of a large manual took seconds).
  const placeholder = PDFHexString.of(ID_PLACEHOLDER);
  context.trailerInfo.ID = context.obj([placeholder, placeholder]);
  const bytes = await document.save({ useObjectStreams: false, updateFieldAppearances: false });
  return setFileId(bytes, createHash('md5').update(bytes).digest('hex'));

  /** The items under `parent`, linked as siblings; undefined when none has a destination. */
  function addOutlineItems(items: OutlineItem[], parent: PDFRef, depth: number) {
    const placed = items
      .map((item) => ({ item, destination: destinations.get(item.anchor), ref: context.nextRef() }))
      .filter((entry): entry is typeof entry & { destination: PDFArray } => entry.destination !== undefined);
    if (placed.length === 0) return undefined;
    let visible = placed.length;
    placed.forEach(({ item, destination, ref }, index) => {
      const children = addOutlineItems(item.items, ref, depth + 1);
      // Parts are open, everything under them closed: a reader opens a chapter to see its pages.
      const open = depth === 0;
      if (children && open) visible += children.visible;
      context.assign(
        ref,
        context.obj({
          Title: PDFHexString.fromText(item.title),
          Parent: parent,
          Dest: destination,
          ...(index > 0 && { Prev: placed[index - 1]!.ref }),
          ...(index < placed.length - 1 && { Next: placed[index + 1]!.ref }),
          ...(children && {
            First: children.first,
            Last: children.last,
            Count: PDFNumber.of(open ? children.visible : -children.count),
          }),
        }),
      );
    });
    return { first: placed[0]!.ref, last: placed.at(-1)!.ref, count: placed.length, visible };
  }
}

/** The id written first, as long as an MD5 digest in hexadecimal. */
const ID_PLACEHOLDER = '0'.repeat(32);

/** `bytes` (saved with ID_PLACEHOLDER as both parts of the trailer's `/ID`) with both parts `id`. */
function setFileId(bytes: Uint8Array, id: string): Uint8Array {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const written = `/ID [ <${ID_PLACEHOLDER}> <${ID_PLACEHOLDER}> ]`;
  const at = buffer.lastIndexOf(written, undefined, 'latin1');
  if (at < 0) throw new Error('The saved PDF has no placeholder /ID in its trailer');
  buffer.write(`/ID [ <${id}> <${id}> ]`, at, 'latin1');
  return bytes;
}

/**
 * The ids of the tagged structure (`/ID` of each element, the table cells' `/Headers`, the
 * `/IDTree`) renamed in the order the elements are written. Chromium names them by its DOM node
 * counter, which differs from one print to the next.
 */
function renumberStructureIds(document: PDFDocument): void {
  const { context } = document;
  const root = document.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (!root) return;
  const renamed = new Map<string, string>();
  const elements: [string, PDFRef][] = [];
  const objects = context.enumerateIndirectObjects().sort(([a], [b]) => a.objectNumber - b.objectNumber);
  for (const [ref, object] of objects) {
    if (!(object instanceof PDFDict)) continue;
    const id = object.get(PDFName.of('ID'));
    if (!(id instanceof PDFString || id instanceof PDFHexString) || object.get(PDFName.of('Type'))?.toString() !== '/StructElem') continue;
    const name = `n${String(renamed.size + 1).padStart(8, '0')}`;
    renamed.set(id.decodeText(), name);
    object.set(PDFName.of('ID'), PDFString.of(name));
    elements.push([name, ref]);
  }
  const rename = (value: unknown) =>
    value instanceof PDFString || value instanceof PDFHexString
      ? PDFString.of(renamed.get(value.decodeText()) ?? value.decodeText())
      : value;
  for (const [, object] of objects) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/StructElem') continue;
    const attributes = object.lookup(PDFName.of('A'));
    const dicts = attributes instanceof PDFArray ? attributes.asArray() : [attributes];
    for (const entry of dicts) {
      const dict = entry instanceof PDFRef ? context.lookup(entry) : entry;
      if (!(dict instanceof PDFDict)) continue;
      const headers = dict.lookup(PDFName.of('Headers'));
      if (headers instanceof PDFArray) dict.set(PDFName.of('Headers'), context.obj(headers.asArray().map(rename) as PDFString[]));
    }
  }
  // The id tree again, flat, its names in order (the names sort as they were made).
  const oldTree = root.get(PDFName.of('IDTree'));
  if (oldTree instanceof PDFRef) deleteTree(context, oldTree);
  root.set(PDFName.of('IDTree'), context.register(context.obj({ Names: elements.flatMap(([name, ref]) => [PDFString.of(name), ref]) })));
}

/** Deletes a name tree's nodes (its `Kids`, recursively), not what its names lead to. */
function deleteTree(context: PDFDocument['context'], ref: PDFRef): void {
  const node = context.lookup(ref);
  if (node instanceof PDFDict) {
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (const kid of kids.asArray()) if (kid instanceof PDFRef) deleteTree(context, kid);
  }
  context.delete(ref);
}
