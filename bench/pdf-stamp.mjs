// `node bench/pdf-stamp.mjs`: what stamping a student's line on every page of a class PDF costs,
// with the three libraries in the running: pdf-lib (unmaintained), its maintained fork
// @cantoo/pdf-lib, and @libpdf/core (full save and incremental save). The test file is made here:
// PAGES pages of text with a photo-like image every few pages (about 1.3 MB for 80 pages). Each
// library loads the file, embeds DejaVu Sans (the font the API stamps with), writes one line at the
// foot of every page and saves; ROUNDS timed runs after WARMUP untimed ones, p50 / p95 / max.
// The last row is the API's own stamp (api/dist/modules/pdf: @libpdf/core, incremental, the line
// shaped for right-to-left names), what a student's download costs on a cache miss: run
// `node scripts/build.mjs` first.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { pct, table } from './stats.mjs';

const require = createRequire(import.meta.url);
const PAGES = Number(process.env.PAGES ?? 80);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 3);
const LINE = 'Ana María Núñez · ana.nunez@example.com · 27/11/2026';

const fontBytes = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));

/** A PNG of noise (w x h, RGB): it does not compress, like a photo in a handout. */
function noisePng(w, h) {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  randomBytes(raw.length).copy(raw);
  for (let y = 0; y < h; y++) raw[y * (w * 3 + 1)] = 0;
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c;
}

/** The class handout: PAGES pages of text, an image every 8 pages. */
async function makeHandout() {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let img = null;
  for (let i = 0; i < PAGES; i++) {
    // a new photo every 8 pages (one embedded image drawn twice would be stored once)
    if (i % 8 === 0) img = await doc.embedPng(noisePng(205, 205));
    const page = doc.addPage([595, 842]);
    for (let l = 0; l < 40; l++) {
      page.drawText(`Página ${i + 1}, línea ${l + 1}: calentamiento, verticales y trapecio fijo.`, {
        x: 50,
        y: 780 - l * 17,
        size: 10,
        font,
      });
    }
    if (i % 8 === 0 && img) page.drawImage(img, { x: 200, y: 60, width: 190, height: 190 });
  }
  return doc.save();
}

/** pdf-lib with its fontkit; the fork with the fork's fontkit (pdf-lib's cannot subset for it). */
async function stampPdfLib(mod, fontkitName, bytes) {
  const fontkit = (await import(fontkitName)).default;
  const doc = await mod.PDFDocument.load(bytes);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontBytes, { subset: true });
  for (const page of doc.getPages()) {
    page.drawText(LINE, { x: 36, y: 14, size: 7, font, opacity: 0.7 });
  }
  return doc.save();
}

async function stampLibPdf(bytes, incremental) {
  const { PDF } = await import('@libpdf/core');
  const pdf = await PDF.load(bytes);
  const font = pdf.embedFont(fontBytes);
  for (const page of pdf.getPages()) {
    page.drawText(LINE, { x: 36, y: 14, size: 7, font, opacity: 0.7 });
  }
  return pdf.save({ incremental, subsetFonts: true });
}

async function time(name, fn, bytes) {
  let out;
  for (let i = 0; i < WARMUP; i++) out = await fn(bytes);
  const ms = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    out = await fn(bytes);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const f = (x) => x.toFixed(1);
  return [
    name,
    f(pct(ms, 50)),
    f(pct(ms, 95)),
    f(ms[ms.length - 1]),
    (out.length / 1e6).toFixed(2),
  ];
}

const { stampPdf } = await import('../api/dist/modules/pdf/index.js');
const handout = await makeHandout();
console.log(`handout: ${PAGES} pages, ${(handout.length / 1e6).toFixed(2)} MB; ${ROUNDS} rounds`);
const pdfLib = await import('pdf-lib');
const cantoo = await import('@cantoo/pdf-lib');
table(
  ['library', 'p50 ms', 'p95 ms', 'max ms', 'out MB'],
  [
    await time('pdf-lib 1.17', (b) => stampPdfLib(pdfLib, '@pdf-lib/fontkit', b), handout),
    await time('@cantoo/pdf-lib 2.11', (b) => stampPdfLib(cantoo, '@cantoo/fontkit', b), handout),
    await time('@libpdf/core 0.4 (full save)', (b) => stampLibPdf(b, false), handout),
    await time('@libpdf/core 0.4 (incremental)', (b) => stampLibPdf(b, true), handout),
    await time('API stampPdf (cache miss)', async (b) => (await stampPdf(b, LINE)).bytes, handout),
  ],
);
