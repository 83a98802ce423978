import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvoiceRow } from '../../database/tables/invoicing.table.js';
import { PdfThreads, pdfDrawing } from '../pdf/index.js';
import { INVOICE_PDF, invoicePdf } from './invoice-pdf.js';

const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What pdftotext reads in the PDF, and its page count (pdfinfo). */
async function read(row: InvoiceRow, bytes?: Uint8Array): Promise<{ text: string; pages: number }> {
  const file = join(dir, `${row.number}-${row.lang}.pdf`);
  writeFileSync(file, bytes ?? (await invoicePdf(row)));
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

const line = (title: string, total: number) => ({
  ref: `course:${title}`,
  title: { es: title, en: title, fr: title },
  netCents: Math.round(total / 1.2),
  taxCents: total - Math.round(total / 1.2),
  totalCents: total,
});

const creditNote: InvoiceRow = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'R2026-000007',
  series: 'R',
  year: 2026,
  seq: 7,
  kind: 'credit_note',
  paymentId: '00000000-0000-4000-8000-000000000002',
  userId: null,
  creditsInvoiceId: '00000000-0000-4000-8000-000000000003',
  refundKey: 'refund:x',
  lang: 'fr',
  currency: 'usd',
  netCents: -10000,
  taxCents: -2000,
  totalCents: -12000,
  rateBp: 2000,
  country: 'FR',
  scheme: 'oss',
  reverseCharge: false,
  taxEurCents: -1840,
  netEurCents: -9200,
  eurRate: '0.92',
  issuedAt: new Date('2026-11-27T10:00:00Z'),
  content: {
    seller: {
      legalName: 'Lucía Martín García',
      taxId: 'ES12345678Z',
      address: 'Calle del Circo 12\n28012 Madrid',
      country: 'ES',
    },
    buyer: { name: 'Jeanne Martin', email: 'jeanne@example.fr', country: 'FR', taxId: null },
    countrySource: 'billing',
    pricesIncludeTax: true,
    lines: [{ ...line('Trapèze volant', -12000), netCents: -10000, taxCents: -2000 }],
    credits: { number: 'F2026-000003', issuedAt: '2026-11-20T10:00:00Z' },
  },
};

describe('the PDF of an invoice or credit note', () => {
  it('a credit note in French names the invoice it corrects, with both parties and the VAT in EUR', async () => {
    const { text, pages } = await read(creditNote);
    expect(pages).toBe(1);
    for (const words of [
      'Avoir',
      'R2026-000007',
      'Rectifie la facture F2026-000003 du 20 novembre 2026.',
      'Lucía Martín García',
      'ES12345678Z',
      'Espagne (ES)',
      'Jeanne Martin',
      'France (FR)',
      'Trapèze volant',
      'taux de change de novembre 2026',
      "TVA du pays du client (guichet unique de l'Union, OSS).",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/-120,00\s\$US/);
    expect(text).toMatch(/-18,40\s€/);
  });

  it('a long cart goes on over a second page, every line and the totals on it', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => line(`Curso número ${i + 1}`, 1200));
    const { text, pages } = await read({
      ...creditNote,
      kind: 'invoice',
      number: 'F2026-000010',
      lang: 'es',
      netCents: lines.reduce((s, l) => s + l.netCents, 0),
      taxCents: lines.reduce((s, l) => s + l.taxCents, 0),
      totalCents: 48000,
      content: { ...creditNote.content, lines, credits: undefined },
    });
    expect(pages).toBe(2);
    expect(text).toContain('Curso número 1\n');
    expect(text).toContain('Curso número 40');
    expect(text).toMatch(/480,00\sUS\$/);
  });
});

describe('its typeface', () => {
  /** The fonts of the PDF as pdffonts lists them: name and whether it is embedded. */
  async function fontsOf(row: InvoiceRow): Promise<string[]> {
    const file = join(dir, `fonts-${row.content.buyer.name.length}.pdf`);
    writeFileSync(file, await invoicePdf(row));
    return execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map(
        (l) =>
          `${l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')} ${/\b(yes|no)\s+(yes|no)\s+(yes|no)/.exec(l)?.[1]}`,
      );
  }

  it('is Helvetica, embedded in none, for Latin text: French figures and quotes included', async () => {
    expect(await fontsOf(creditNote)).toEqual(['Helvetica-Bold no', 'Helvetica no']);
  });

  it('is DejaVu, embedded, for a name in another script, which reads as written', async () => {
    const row = {
      ...creditNote,
      content: {
        ...creditNote.content,
        buyer: { ...creditNote.content.buyer, name: 'Анна Иванова' },
      },
    };
    expect((await fontsOf(row)).map((f) => f.split(' ')[1])).toEqual(['yes', 'yes']);
    expect((await read(row)).text).toContain('Анна Иванова');
  });
});

describe('drawn on a PDF thread, away from the event loop', () => {
  const threads = new PdfThreads();
  afterAll(() => threads.onModuleDestroy());

  it('several at once, each its own document, with the text drawn in place', async () => {
    const rows = [5, 6, 7].map((seq) => ({ ...creditNote, seq, number: `R2026-00000${seq}` }));
    const drawn = await Promise.all(rows.map((row) => threads.draw(INVOICE_PDF, row)));
    const inPlace = (await read(creditNote)).text;
    for (const [i, row] of rows.entries()) {
      const { text, pages } = await read(row, drawn[i]);
      expect(pages).toBe(1);
      expect(text).toBe(inPlace.replace('R2026-000007', row.number));
    }
  });

  it('a drawing that fails rejects with its reason, and the next one is drawn', async () => {
    const broken = { ...creditNote, content: null } as unknown as InvoiceRow;
    await expect(threads.draw(INVOICE_PDF, broken)).rejects.toThrow(/null/);
    const missing = pdfDrawing<InvoiceRow>(import.meta.url, './invoice-pdf', 'nothing');
    await expect(threads.draw(missing, creditNote)).rejects.toThrow(
      /invoice-pdf\.ts exports no drawing nothing/,
    );
    const { text } = await read(creditNote, await threads.draw(INVOICE_PDF, creditNote));
    expect(text).toContain('R2026-000007');
  });
});
