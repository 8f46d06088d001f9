export { checkLinks, getBrokenLinks, toLinkDiagnostic } from './checkLinks.js';
export { getMalformedUrlReason } from './urls.js';
