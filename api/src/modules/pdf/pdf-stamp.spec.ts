import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { stampPdf } from './pdf-stamp.js';
import { visualLine } from './pdf-text.js';

const dir = mkdtempSync(join(tmpdir(), 'stamp-'));

/** The text poppler's pdftotext reads from `bytes`, page by page (form feeds between pages). */
function pdftotext(bytes: Uint8Array): string[] {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
}

async function handout(pages: number, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage({ width: size[0], height: size[1] });
    page.drawText(`Página ${i + 1}: verticales`, { x: 50, y: size[1] - 80, size: 14 });
  }
  return pdf.save();
}

describe('stampPdf: the student line on every page of a class PDF', () => {
  it('writes the name, e-mail and date as text on every page and keeps the original bytes', async () => {
    const original = await handout(3);
    const out = await stampPdf(original, 'Ana María Núñez · ana.nunez@example.com · 2026-11-27');
    if (!out.stamped) throw new Error('not stamped');
    // an incremental save: the original file is the start of the stamped one, byte for byte
    expect(Buffer.from(out.bytes.subarray(0, original.length)).equals(Buffer.from(original))).toBe(
      true,
    );
    const pages = pdftotext(out.bytes);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toContain(`Página ${i + 1}: verticales`);
      expect(text).toContain('Ana María Núñez · ana.nunez@example.com · 2026-11-27');
    });
  });

  it('keeps every character of a 200-character name, wrapping on a narrow page', async () => {
    const name = `Çağlar ${'Bartolomé '.repeat(20)}`.slice(0, 199) + 'Z';
    expect(name).toHaveLength(200);
    const out = await stampPdf(
      await handout(1, [300, 400]),
      `${name} · b@example.com · 2026-11-27`,
    );
    if (!out.stamped) throw new Error('not stamped');
    const text = pdftotext(out.bytes)[0].replace(/\s+/g, '');
    expect(text).toContain(`${name.replace(/\s+/g, '')}·b@example.com·2026-11-27`);
  });

  it('prints HTML in a name as the text it is', async () => {
    const line = '<script>alert(1)</script><b>Eve</b> · eve@example.com · 2026-11-27';
    const out = await stampPdf(await handout(1), line);
    if (!out.stamped) throw new Error('not stamped');
    expect(pdftotext(out.bytes)[0]).toContain(line);
  });

  it('shapes Arabic and orders right-to-left names for drawing', async () => {
    // the line reads left to right; the Arabic name in it is drawn right to left, letters joined
    expect(visualLine('محمد · m@example.com')).toBe('ﺪﻤﺤﻣ · m@example.com');
    expect(visualLine('m@example.com · محمد')).toBe('m@example.com · ﺪﻤﺤﻣ');
    expect(visualLine('שרה כהן')).toBe('ןהכ הרש');
    expect(visualLine('Zoë\u202e evil')).toBe('Zoë  evil');
    const out = await stampPdf(await handout(1), 'محمد علي · m@example.com · 2026-11-27');
    if (!out.stamped) throw new Error('not stamped');
    expect(pdftotext(out.bytes)[0]).toContain('m@example.com');
  });

  it('answers unstamped for a corrupt file and for an encrypted one', async () => {
    expect(await stampPdf(Buffer.from('%PDF-1.4\nnot really a pdf'), 'x')).toEqual({
      stamped: false,
      reason: 'unreadable',
    });
    expect(await stampPdf(Buffer.from('hello'), 'x')).toEqual({
      stamped: false,
      reason: 'unreadable',
    });
    const pdf = await PDF.load(await handout(1));
    pdf.setProtection({ userPassword: 'secret', ownerPassword: 'owner' });
    const encrypted = await pdf.save();
    expect(await stampPdf(encrypted, 'x')).toEqual({ stamped: false, reason: 'encrypted' });
  });
});
