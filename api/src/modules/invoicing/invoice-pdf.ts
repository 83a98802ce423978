import { PDF, rgb, Standard14Font, type EmbeddedFont, type PDFPage } from '@libpdf/core';
import type { Lang } from '@circo/shared-contracts';
import type { InvoiceRow } from '../../database/tables/invoicing.table.js';
import { longUtcDate } from '../../common/intl.js';
import { dejaVuSans, dejaVuSansBold, pdfDrawing, visualLine } from '../pdf/index.js';
import { countryName, INVOICE_TEXT, money, monthName, percent } from './invoice-texts.js';

// A4 portrait, in points
const W = 595;
const H = 842;
const M = 56;
const INK = rgb(0.13, 0.13, 0.16);
const SOFT = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.8, 0.8, 0.82);

/** A typeface: what is drawn with it and how wide a text is at a size. */
interface Face {
  font: EmbeddedFont | 'Helvetica' | 'Helvetica-Bold';
  width(text: string, size: number): number;
  /** The text as this face draws it (the standard fonts throw NOT_WIN_ANSI for one they lack). */
  text(text: string): string;
}

interface Fonts {
  regular: Face;
  bold: Face;
}

/** A text with a character the standard fonts lack: the document is drawn with DejaVu instead. */
const NOT_WIN_ANSI = new Error('a character outside WinAnsiEncoding');
// the characters of WinAnsiEncoding (Windows-1252) beyond ASCII and Latin-1
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const winAnsi = (text: string): boolean => {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (!(
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(ch)
    ))
      return false;
  }
  return true;
};

/**
 * Helvetica, which every PDF reader has: nothing embedded, nothing to subset. Intl's narrow and
 * thin spaces (French figures: "1 234,56 €") are set as no-break spaces, which it has.
 */
function standardFace(name: 'Helvetica' | 'Helvetica-Bold'): Face {
  const metrics = Standard14Font.of(name);
  const spaced = (raw: string) => raw.replace(/[\u2009\u202f]/g, '\u00a0');
  return {
    font: name,
    // measured as drawn; whether it can be drawn is asked once, when it is
    width: (t, size) => metrics.widthOfTextAtSize(spaced(t), size),
    text: (raw) => {
      const t = spaced(raw);
      if (!winAnsi(t)) throw NOT_WIN_ANSI;
      return t;
    },
  };
}

/** DejaVu, embedded and subset: every script a name may be written in. */
function embeddedFace(font: EmbeddedFont): Face {
  return { font, width: (t, size) => font.getTextWidth(t, size), text: (t) => t };
}

/** A line's words set in rows of at most `width` (a word wider than that gets a row of its own). */
function wrap(text: string, face: Face, size: number, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = row ? `${row} ${word}` : word;
    if (row && face.width(next, size) > width) {
      rows.push(row);
      row = word;
    } else row = next;
  }
  if (row) rows.push(row);
  return rows;
}

/** `text` drawn at (x, y) in `face`. */
function put(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  face: Face,
  size: number,
  color = INK,
) {
  page.drawText(face.text(text), { x, y, size, font: face.font, color });
}

/** A block of lines at (x, y), each wrapped within `width`; answers the height it took. */
function block(
  page: PDFPage,
  lines: string[],
  x: number,
  y: number,
  face: Face,
  size: number,
  width: number,
  color = INK,
): number {
  let used = 0;
  for (const raw of lines) {
    if (!raw) continue;
    for (const row of wrap(visualLine(raw), face, size, width)) {
      // one word too wide (an e-mail address) is set smaller: it cannot wrap
      const wide = face.width(row, size);
      const fit = wide > width ? (size * width) / wide : size;
      put(page, row, x, y - used, face, fit, color);
      used += size * 1.3;
    }
  }
  return used;
}

function right(page: PDFPage, text: string, xRight: number, y: number, face: Face, size = 10) {
  put(page, text, xRight - face.width(text, size), y, face, size);
}

/**
 * An invoice or credit note as a PDF in its language: both parties, the lines with net, rate,
 * tax and total in the currency charged, the totals, the tax in EUR at the month's rate, the tax
 * scheme's mention (reverse charge, OSS, outside the EU) and where the buyer's country came
 * from. Drawn from what the row kept when it was issued: the same PDF every time.
 */
export async function invoicePdf(inv: InvoiceRow): Promise<Uint8Array> {
  try {
    // most invoices are Latin text: the standard fonts draw them at a fraction of the cost
    return await draw(inv, () => ({
      regular: standardFace('Helvetica'),
      bold: standardFace('Helvetica-Bold'),
    }));
  } catch (err) {
    if (err !== NOT_WIN_ANSI) throw err;
    return draw(inv, (pdf) => ({
      regular: embeddedFace(pdf.embedFont(dejaVuSans())),
      bold: embeddedFace(pdf.embedFont(dejaVuSansBold())),
    }));
  }
}

async function draw(inv: InvoiceRow, fonts: (pdf: PDF) => Fonts): Promise<Uint8Array> {
  const lang = inv.lang as Lang;
  const t = INVOICE_TEXT[lang];
  const c = inv.content;
  const cur = inv.currency;
  const pdf = PDF.create();
  const title = inv.kind === 'invoice' ? t.invoice : t.creditNote;
  pdf.setTitle(`${title} ${inv.number}`);
  pdf.setAuthor(c.seller.legalName || 'Circo');
  pdf.setLanguage(lang);
  const f = fonts(pdf);
  let page = pdf.addPage({ width: W, height: H });

  put(page, title, M, H - M - 10, f.bold, 24);
  right(page, `${t.number}${t.colon}${inv.number}`, W - M, H - M - 4, f.bold, 11);
  right(
    page,
    `${t.date}${t.colon}${longUtcDate(inv.issuedAt, lang)}`,
    W - M,
    H - M - 20,
    f.regular,
    10,
  );

  // the two parties side by side
  const colW = (W - 2 * M - 24) / 2;
  let y = H - M - 70;
  put(page, t.seller, M, y, f.bold, 9, SOFT);
  put(page, t.buyer, M + colW + 24, y, f.bold, 9, SOFT);
  y -= 16;
  const sellerH = block(
    page,
    [
      c.seller.legalName,
      ...c.seller.address.split('\n'),
      countryName(c.seller.country, lang),
      c.seller.taxId ? `${t.taxId}${t.colon}${c.seller.taxId}` : '',
    ],
    M,
    y,
    f.regular,
    10,
    colW,
  );
  const buyerH = block(
    page,
    [
      c.buyer.name,
      c.buyer.email,
      countryName(c.buyer.country, lang),
      c.buyer.taxId ? `${t.taxId}${t.colon}${c.buyer.taxId}` : '',
    ],
    M + colW + 24,
    y,
    f.regular,
    10,
    colW,
  );
  y -= Math.max(sellerH, buyerH) + 24;

  // the lines
  const cols = { net: W - M - 210, rate: W - M - 140, tax: W - M - 70, total: W - M };
  const head = (text: string, x: number) => right(page, text, x, y, f.bold, 9);
  put(page, t.description, M, y, f.bold, 9);
  head(t.net, cols.net);
  head(t.rate, cols.rate);
  head(t.tax, cols.tax);
  head(t.total, cols.total);
  y -= 8;
  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, color: RULE, thickness: 0.8 });
  y -= 16;
  const rate = percent(inv.rateBp, lang);
  for (const line of c.lines) {
    // a long cart goes on over the next page
    if (y < M + 60) {
      page = pdf.addPage({ width: W, height: H });
      y = H - M;
    }
    const text = line.title[lang] || line.title.es || line.title.en || line.title.fr;
    const h = block(page, [text], M, y, f.regular, 10, cols.net - M - 90);
    right(page, money(line.netCents, lang, cur), cols.net, y, f.regular);
    right(page, rate, cols.rate, y, f.regular);
    right(page, money(line.taxCents, lang, cur), cols.tax, y, f.regular);
    right(page, money(line.totalCents, lang, cur), cols.total, y, f.regular);
    y -= Math.max(h, 13) + 6;
  }
  page.drawLine({
    start: { x: M, y: y + 6 },
    end: { x: W - M, y: y + 6 },
    color: RULE,
    thickness: 0.8,
  });
  y -= 14;

  // the totals and the mentions stay together
  if (y < M + 220) {
    page = pdf.addPage({ width: W, height: H });
    y = H - M;
  }
  const totals: Array<[string, string, boolean]> = [
    [t.net, money(inv.netCents, lang, cur), false],
    [`${t.tax} ${rate}`, money(inv.taxCents, lang, cur), false],
    [t.total, money(inv.totalCents, lang, cur), true],
    [t.currency, cur.toUpperCase(), false],
  ];
  for (const [label, value, strong] of totals) {
    right(page, label, cols.tax - 20, y, strong ? f.bold : f.regular);
    right(page, value, cols.total, y, strong ? f.bold : f.regular, strong ? 12 : 10);
    y -= 18;
  }
  const eur =
    inv.taxEurCents === null || !inv.eurRate
      ? t.noEurRate
      : `${t.taxInEur(Number(inv.eurRate).toLocaleString(lang, { maximumFractionDigits: 6 }), monthName(inv.issuedAt, lang))}${t.colon}${money(inv.taxEurCents, lang, 'EUR')}`;
  y -= 6;
  y -= block(page, [eur], M, y, f.regular, 10, W - 2 * M);

  // the mentions
  y -= 18;
  const notes = [
    c.credits && t.corrects(c.credits.number, longUtcDate(new Date(c.credits.issuedAt), lang)),
    t.scheme[inv.scheme],
    t.countryFrom[c.countrySource](countryName(inv.country, lang)),
    c.pricesIncludeTax ? t.pricesIncludeTax : '',
  ];
  block(
    page,
    notes.filter((n): n is string => !!n),
    M,
    y,
    f.regular,
    9,
    W - 2 * M,
    SOFT,
  );

  return pdf.save({ subsetFonts: true });
}

/** `invoicePdf` as a PDF thread draws it (PdfThreads). */
export const INVOICE_PDF = pdfDrawing<InvoiceRow>(import.meta.url, './invoice-pdf', 'invoicePdf');
