import { Logger } from '@nestjs/common';
import { PDF, rgb, type EmbeddedFont, type PDFPage } from '@libpdf/core';
import { dejaVuSans, visualLine } from './pdf-text.js';

/** Why a PDF went out as it was, unstamped. */
export type UnstampedReason = 'encrypted' | 'unreadable';

export type StampResult =
  { stamped: true; bytes: Uint8Array } | { stamped: false; reason: UnstampedReason };

const SIZE = 6.5;
const MIN_SIZE = 5;
const MARGIN = 18;
const GREY = rgb(0.5, 0.5, 0.5);
const logger = new Logger('PdfStamp');

/**
 * Writes `line` (the student's name, e-mail and the date) at the foot of every page of a PDF, as
 * real text in DejaVu Sans, and saves incrementally: the original bytes stay as they were and the
 * stamp is one appended revision (fast: bench/pdf-stamp.mjs). A line wider than the page is set
 * smaller, down to 5 pt, then wrapped onto more lines: nothing of a long name is cut. An
 * encrypted PDF (we hold no password for it) or one that cannot be read is answered
 * `stamped: false` with the reason, and the caller serves the original.
 */
export async function stampPdf(original: Uint8Array, line: string): Promise<StampResult> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(original);
  } catch {
    return { stamped: false, reason: 'unreadable' };
  }
  if (pdf.isEncrypted) return { stamped: false, reason: 'encrypted' };
  try {
    const font = pdf.embedFont(dejaVuSans());
    const text = visualLine(line);
    const pages = pdf.getPages();
    if (pages.length === 0) return { stamped: false, reason: 'unreadable' };
    for (const page of pages) drawFooter(page, font, text);
    const bytes = await pdf.save({ incremental: true, subsetFonts: true });
    return { stamped: true, bytes };
  } catch (err) {
    logger.warn(`a PDF could not be stamped: ${err instanceof Error ? err.message : String(err)}`);
    return { stamped: false, reason: 'unreadable' };
  }
}

function drawFooter(page: PDFPage, font: EmbeddedFont, text: string): void {
  const box = page.getCropBox();
  const maxWidth = box.width - 2 * MARGIN;
  const width = font.getTextWidth(text, SIZE);
  const size = width <= maxWidth ? SIZE : Math.max(MIN_SIZE, (SIZE * maxWidth) / width);
  const lines = Math.ceil(font.getTextWidth(text, size) / maxWidth);
  page.drawText(text, {
    x: box.x + MARGIN,
    // the first line high enough that the wrapped ones stay above the page's lower edge
    y: box.y + 8 + (lines - 1) * size * 1.2,
    size,
    font,
    color: GREY,
    // wrapping lays the text out word by word: only for a line that needs it
    ...(lines > 1 ? { maxWidth } : {}),
  });
}
