// What other modules use to write PDFs: the stamp on class PDFs, the fonts and the text shaping.
export { stampPdf, type StampResult, type UnstampedReason } from './pdf-stamp.js';
export { dejaVuSans, dejaVuSansBold, visualLine } from './pdf-text.js';
