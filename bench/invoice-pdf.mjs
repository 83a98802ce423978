// `node bench/invoice-pdf.mjs` (after `node scripts/build.mjs`; ROUNDS, WARMUP): what drawing one
// invoice costs the PDF thread, with the API's own `invoicePdf` (api/dist): a French invoice in
// Latin text (set in Helvetica, no font embedded) and the same for a buyer named in Cyrillic (set
// in DejaVu, embedded and subset). ROUNDS timed draws after WARMUP untimed ones, p50 / p95 / max,
// and the PDF's size.
import { performance } from 'node:perf_hooks';
import { pct, table } from './stats.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 100);
const WARMUP = Number(process.env.WARMUP ?? 20);
const { invoicePdf } = await import('../api/dist/modules/invoicing/invoice-pdf.js');

const total = 148147;
const latin = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'F2026-001234',
  series: 'F',
  year: 2026,
  seq: 1234,
  kind: 'invoice',
  paymentId: '00000000-0000-4000-8000-000000000002',
  userId: null,
  creditsInvoiceId: null,
  refundKey: null,
  lang: 'fr',
  currency: 'eur',
  netCents: 123456,
  taxCents: total - 123456,
  totalCents: total,
  rateBp: 2000,
  country: 'FR',
  scheme: 'oss',
  reverseCharge: false,
  taxEurCents: total - 123456,
  netEurCents: 123456,
  eurRate: '1',
  issuedAt: new Date('2026-11-27T10:00:00Z'),
  content: {
    seller: {
      legalName: 'Lucía Martín García',
      taxId: 'ES12345678Z',
      address: 'Calle del Circo 12\n28012 Madrid',
      country: 'ES',
    },
    buyer: { name: 'Jeanne d’Arc', email: 'jeanne@example.fr', country: 'FR', taxId: null },
    countrySource: 'billing',
    pricesIncludeTax: true,
    lines: [
      {
        ref: 'course:1',
        title: { es: 'Trapecio', en: 'Trapeze', fr: 'Trapèze volant' },
        netCents: 123456,
        taxCents: total - 123456,
        totalCents: total,
      },
    ],
  },
};
const cyrillic = {
  ...latin,
  content: { ...latin.content, buyer: { ...latin.content.buyer, name: 'Анна Иванова' } },
};

const rows = [];
for (const [name, row] of [
  ['Latin text (Helvetica)', latin],
  ['a Cyrillic name (DejaVu)', cyrillic],
]) {
  for (let i = 0; i < WARMUP; i++) await invoicePdf(row);
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await invoicePdf(row);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const bytes = (await invoicePdf(row)).length;
  rows.push([
    name,
    ...[50, 95, 100].map((p) => pct(times, p).toFixed(2)),
    `${(bytes / 1024).toFixed(1)} KB`,
  ]);
}
table(['invoice', 'p50 ms', 'p95 ms', 'max ms', 'size'], rows);
