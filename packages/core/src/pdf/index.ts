/**
 * `docgen pdf`: a PDF manual per docs version and locale, printed from the built site
 * (`writeManuals`, loaded when called: the PDF library, the HTML parser and the browser driver are
 * loaded by no other command), the plan of which manuals a site has (`planManuals`), and where
 * Chromium is (`findChromium`, also the tests').
 */
import type { PdfOptions, PdfResult } from './writeManuals.js';

export type { PdfOptions, PdfResult } from './writeManuals.js';
export { planManuals, type Manual } from './manualPlan.js';
export { CHROMIUM_ARGS, findChromium } from './chromium.js';

export async function writeManuals(options: PdfOptions): Promise<PdfResult> {
  const pdf = await import('./writeManuals.js');
  return pdf.writeManuals(options);
}
