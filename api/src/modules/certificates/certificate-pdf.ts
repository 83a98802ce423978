import { PDF, rgb, type EmbeddedFont, type PDFPage } from '@libpdf/core';
import QRCode from 'qrcode';
import type { ItemType, Lang } from '@circo/shared-contracts';
import { dejaVuSans, dejaVuSansBold, pdfDrawing, visualLine } from '../pdf/index.js';
import { CERTIFICATE_TEXT, longDate } from './certificate-texts.js';

/** What one certificate prints. */
export interface CertificateContent {
  lang: Lang;
  studentName: string;
  itemType: ItemType;
  title: string;
  classCount: number;
  issuedAt: Date;
  code: string;
  verifyUrl: string;
  coachName: string;
  /** The coach's signature image (PNG or JPEG bytes), or null. */
  signature: Uint8Array | null;
}

// A4 landscape, in points
const W = 842;
const H = 595;
const INK = rgb(0.13, 0.13, 0.16);
const SOFT = rgb(0.38, 0.38, 0.42);
const ACCENT = rgb(0.55, 0.16, 0.22);

/** Draws `text` centred on the page at `y`, wrapped within `maxWidth`; answers the lines' height. */
function centred(
  page: PDFPage,
  text: string,
  y: number,
  font: EmbeddedFont,
  size: number,
  color = INK,
  maxWidth = W - 160,
): number {
  const line = visualLine(text);
  const width = font.getTextWidth(line, size);
  if (width <= maxWidth) {
    page.drawText(line, { x: (W - width) / 2, y, size, font, color });
    return size * 1.25;
  }
  const lines = Math.ceil(width / maxWidth) + 1;
  page.drawText(line, {
    x: (W - maxWidth) / 2,
    y,
    size,
    font,
    color,
    maxWidth,
    alignment: 'center',
    lineHeight: size * 1.25,
  });
  return lines * size * 1.25;
}

/** The QR code of `url` as squares on the page (vector, sharp at any zoom). */
function drawQr(page: PDFPage, url: string, x: number, y: number, side: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = side / (n + 2);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (start + 1) * cell,
        y: y + side - (row + 2) * cell,
        width: (col - start) * cell,
        height: cell,
        color: INK,
      });
    }
  }
}

/** A name set as large as fits on one line (down to 14 pt), else wrapped. */
function nameSize(font: EmbeddedFont, name: string): number {
  const width = font.getTextWidth(name, 28);
  return width <= W - 160 ? 28 : Math.max(14, (28 * (W - 160)) / width);
}

/**
 * The certificate as a PDF: every word is real text in DejaVu Sans (selectable, read aloud by a
 * screen reader, found by a search), the QR code is drawn as squares, the signature is the coach's
 * image. A long or right-to-left name is set whole (shaped, in visual order, wrapped if need be).
 */
export async function certificatePdf(c: CertificateContent): Promise<Uint8Array> {
  const t = CERTIFICATE_TEXT[c.lang];
  const pdf = PDF.create();
  pdf.setTitle(t.documentTitle(c.title));
  pdf.setAuthor(c.coachName || 'Circo');
  pdf.setLanguage(c.lang);
  const regular = pdf.embedFont(dejaVuSans());
  const bold = pdf.embedFont(dejaVuSansBold());
  const page = pdf.addPage({ width: W, height: H });

  page.drawRectangle({
    x: 24,
    y: 24,
    width: W - 48,
    height: H - 48,
    borderColor: ACCENT,
    borderWidth: 2,
  });
  let y = H - 110;
  y -= centred(page, t.heading, y, bold, 30, ACCENT);
  y -= 14;
  y -= centred(page, t.certifies, y, regular, 14, SOFT);
  y -= 8;
  y -= centred(page, c.studentName, y, bold, nameSize(bold, c.studentName));
  y -= 6;
  y -= centred(page, t.completed[c.itemType], y, regular, 14, SOFT);
  y -= 4;
  y -= centred(page, c.title, y, bold, 20);
  y -= 4;
  centred(
    page,
    `${t.classes(c.classCount)} · ${t.issuedOn(longDate(c.issuedAt, c.lang))}`,
    y,
    regular,
    12,
    SOFT,
  );

  // the coach's signature over their name, bottom left
  if (c.signature) {
    try {
      const image = await pdf.embedImage(c.signature);
      const scale = Math.min(180 / image.width, 60 / image.height, 1);
      page.drawImage(image, {
        x: 80,
        y: 120,
        width: image.width * scale,
        height: image.height * scale,
      });
    } catch {
      // an image that cannot be read is left out; the name below still signs
    }
  }
  page.drawLine({ start: { x: 80, y: 112 }, end: { x: 300, y: 112 }, color: SOFT, thickness: 0.8 });
  if (c.coachName)
    page.drawText(visualLine(c.coachName), { x: 80, y: 94, size: 12, font: bold, color: INK });
  page.drawText(t.coach, { x: 80, y: 78, size: 10, font: regular, color: SOFT });

  // the verification, bottom right: QR code, code and address
  drawQr(page, c.verifyUrl, W - 190, 96, 110);
  page.drawText(`${t.code}: ${c.code}`, { x: W - 420, y: 132, size: 10, font: bold, color: INK });
  page.drawText(t.verifyAt, { x: W - 420, y: 116, size: 9, font: regular, color: SOFT });
  page.drawText(c.verifyUrl, {
    x: W - 420,
    y: 102,
    size: 8,
    font: regular,
    color: SOFT,
    maxWidth: 220,
  });

  return pdf.save({ subsetFonts: true });
}

/** `certificatePdf` as a PDF thread draws it (PdfThreads). */
export const CERTIFICATE_PDF = pdfDrawing<CertificateContent>(
  import.meta.url,
  './certificate-pdf',
  'certificatePdf',
);
