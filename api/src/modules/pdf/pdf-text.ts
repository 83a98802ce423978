import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiModule from 'bidi-js';
import reshaper from 'arabic-persian-reshaper';
import { PDF } from '@libpdf/core';

// The text of our PDFs (stamped class PDFs, certificates) is drawn with DejaVu Sans from the
// `dejavu-fonts-ttf` package: nothing is fetched at run time. It carries Latin with every accent,
// Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic (with its presentation forms). It has no
// CJK, Devanagari or Thai glyphs: such characters are drawn as the font's empty box, the rest of
// the line stays (documented in docs/performance.md beside the stamping figures).

const require = createRequire(import.meta.url);
let regular: Uint8Array | null = null;
let bold: Uint8Array | null = null;

/** DejaVu Sans, read once. */
export function dejaVuSans(): Uint8Array {
  regular ??= readFont('DejaVuSans.ttf');
  return regular;
}

/** DejaVu Sans Bold, read once. */
export function dejaVuSansBold(): Uint8Array {
  bold ??= readFont('DejaVuSans-Bold.ttf');
  return bold;
}

function readFont(file: string): Uint8Array {
  const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  shareParsedFonts(bytes);
  return bytes;
}

interface FontClass {
  fromBytes(data: Uint8Array, options?: unknown): { program: unknown };
  new (program: unknown, data: Uint8Array): { program: unknown };
}
let programs: WeakMap<Uint8Array, unknown> | null = null;

/**
 * Reading a font file is half the cost of drawing an invoice (12 of 25 ms: DejaVu's 6,000 glyph
 * names and its character maps, again for every document): libpdf 0.4 parses the bytes given to
 * each `embedFont`. The parsed program is read-only (a document keeps the glyphs it used beside
 * it), so each of our font files is parsed once per thread and shared by the documents that embed
 * it. Should libpdf change shape, fonts are parsed per document as before.
 */
function shareParsedFonts(bytes: Uint8Array): void {
  if (programs) {
    programs.set(bytes, null);
    return;
  }
  const probe = PDF.create().embedFont(bytes) as unknown as { program?: unknown };
  const Font = probe.constructor as unknown as FontClass;
  const parse = Font.fromBytes;
  if (typeof parse !== 'function' || !probe.program) return;
  const known = new WeakMap<Uint8Array, unknown>([[bytes, probe.program]]);
  programs = known;
  Font.fromBytes = function fromBytes(data: Uint8Array, options?: unknown) {
    // only our fonts, read once: any other bytes are parsed as libpdf does
    if (options !== undefined || !known.has(data)) return parse.call(Font, data, options);
    let program = known.get(data);
    if (!program) {
      program = parse.call(Font, data).program;
      known.set(data, program);
    }
    return new Font(program, data);
  };
}

// bidi-js is CommonJS: Node hands its export, the factory, as the default import
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]/;
// control characters (and the bidi overrides a name could carry to flip the line) are dropped
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A line of text as a PDF content stream draws it, glyph after glyph from left to right: Arabic
 * letters shaped into their joined forms (initial, medial, final) and right-to-left runs
 * (Hebrew, Arabic) put in visual order by the Unicode bidirectional algorithm, with mirrored
 * brackets. A line without right-to-left letters comes back as it was (less control characters).
 */
export function visualLine(text: string): string {
  const clean = text.replace(CONTROLS, ' ');
  if (!RTL.test(clean)) return clean;
  const shaped = ARABIC.test(clean) ? reshaper.ArabicShaper.convertArabic(clean) : clean;
  const levels = bidi.getEmbeddingLevels(shaped, 'ltr');
  return bidi.getReorderedString(shaped, levels);
}
