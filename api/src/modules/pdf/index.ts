// What other modules use to write PDFs: the stamp on class PDFs, the fonts and the text shaping,
// and the threads that draw whole documents.
export { stampPdf, type StampResult, type UnstampedReason } from './pdf-stamp.js';
export { dejaVuSans, dejaVuSansBold, visualLine } from './pdf-text.js';
export { PdfModule } from './pdf.module.js';
export { PdfThreads, pdfDrawing, type PdfDrawing } from './pdf-threads.js';
