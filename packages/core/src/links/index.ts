export { checkLinks, getBrokenLinks, getLinkedAnchors, normalizeLinkPath, toLinkDiagnostic } from './checkLinks.js';
export { getMalformedUrlReason } from './urls.js';
