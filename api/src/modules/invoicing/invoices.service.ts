import { Injectable, Logger } from '@nestjs/common';
import {
  type BillingDetails,
  BILLING_ERRORS,
  fromCents,
  rateBpToPercent,
  splitTax,
  type Lang,
  type Localized,
  type MyInvoice,
} from '@circo/shared-contracts';
import { notFound } from '../../common/errors/app-error.js';
import type {
  InvoiceContent,
  InvoiceRow,
  PaymentBillingRow,
} from '../../database/tables/invoicing.table.js';
import { JobsService } from '../jobs/index.js';
import { PdfThreads } from '../pdf/index.js';
import { UsersService } from '../users/index.js';
import {
  BillingService,
  cardCountryCode,
  STRIPE_TAX_RECORD_JOB,
  STRIPE_TAX_REVERSAL_JOB,
} from './billing.service.js';
import { eurAmount, eurRateOf } from './eur-rates.js';
import { INVOICE_TEXT } from './invoice-texts.js';
import { INVOICE_PDF } from './invoice-pdf.js';
import { InvoicingRepository } from './invoicing.repository.js';

/** What a paid payment sold: one line per item (or the membership's period), in cents charged. */
export interface InvoiceLineInput {
  ref: string;
  title: Localized;
  cents: number;
}

/** The payment an invoice is issued for (a `payments` row, as the payments module has it). */
export interface PaidPayment {
  id: string;
  userId: string | null;
  amountCents: number;
  currency: string;
  lang: string;
}

const negate = (l: InvoiceContent['lines'][number]) => ({
  ...l,
  netCents: -l.netCents,
  taxCents: -l.taxCents,
  totalCents: -l.totalCents,
});

/**
 * Invoices and credit notes. `issue` is called inside the transaction that registers a paid
 * payment (any payment: a cart's or a membership period's), `credit` inside the one that
 * registers its refund; each takes the next number of its series last, so the counter row is
 * held only for the end of that transaction, and a rollback gives the number back.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger('Invoices');

  constructor(
    private readonly repo: InvoicingRepository,
    private readonly billing: BillingService,
    private readonly users: UsersService,
    private readonly jobs: JobsService,
    private readonly pdfs: PdfThreads,
  ) {}

  /**
   * The invoice of a paid payment, issued by the transaction that registers it (once: the unique
   * index on its payment refuses a second). A payment of nothing (a free purchase) has none. Its
   * tax is the one checkout quoted and kept; a payment that kept none (a membership's period) is
   * taxed now by `billedTo` (the billing details kept on its subscription), else by the buyer's
   * last ones, its amount read as tax included. `known`: the billing evidence its caller read
   * already (null: none kept), and the paying card's country, kept with it by the same statement
   * that numbers the invoice.
   */
  async issue(
    payment: PaidPayment,
    lines: InvoiceLineInput[],
    now = new Date(),
    billedTo?: BillingDetails | null,
    known: { billing?: PaymentBillingRow | null; cardCountry?: string } = {},
  ): Promise<InvoiceRow | null> {
    if (payment.amountCents <= 0) return null;
    const settings = await this.billing.settings();
    let kept =
      known.billing === undefined ? await this.billing.paymentBilling(payment.id) : known.billing;
    const items = lines.length > 0 ? lines : [];
    if (!kept) {
      const cents = items.map((l) => l.cents);
      const quote = billedTo
        ? await this.billing.quoteKept(billedTo, cents, true)
        : await this.billing.quote(payment.userId ?? '', undefined, cents, true);
      kept = await this.billing.record(payment.id, payment.userId, quote);
    }
    const split = items.map((l) => ({
      ref: l.ref,
      title: l.title,
      ...splitTax(l.cents, kept.rateBp, kept.pricesIncludeTax),
    }));
    const net = split.reduce((s, l) => s + l.netCents, 0);
    const tax = split.reduce((s, l) => s + l.taxCents, 0);
    const total = net + tax;
    if (total !== payment.amountCents) {
      // the lines do not add up to what was charged (prices changed mode since the quote):
      // what was charged is what the invoice says, as one line at the kept rate
      this.logger.warn(`payment ${payment.id}: lines ${total} differ from ${payment.amountCents}`);
    }
    const contact = payment.userId ? await this.users.contact(payment.userId) : undefined;
    const content: InvoiceContent = {
      seller: {
        legalName: settings.legalName,
        taxId: settings.taxId,
        address: settings.address,
        country: settings.country,
      },
      buyer: {
        name: kept.name || contact?.name || '',
        email: contact?.email ?? '',
        country: kept.country,
        taxId: kept.taxId,
      },
      countrySource: kept.countrySource,
      pricesIncludeTax: kept.pricesIncludeTax,
      lines:
        total === payment.amountCents
          ? split
          : [
              {
                ref: 'payment',
                title: items[0]?.title ?? { es: '', en: '', fr: '' },
                ...splitTax(payment.amountCents, kept.rateBp, true),
              },
            ],
    };
    const sums = content.lines.reduce(
      (s, l) => ({ net: s.net + l.netCents, tax: s.tax + l.taxCents }),
      { net: 0, tax: 0 },
    );
    if (kept.taxCalculationId) {
      // Stripe Tax computed it: its tax transaction is recorded once this commits
      await this.jobs.enqueue(
        STRIPE_TAX_RECORD_JOB,
        { paymentId: payment.id },
        { key: `${STRIPE_TAX_RECORD_JOB}:${payment.id}` },
      );
    }
    return this.write({
      kind: 'invoice',
      series: settings.invoiceSeries,
      now,
      paymentId: payment.id,
      userId: payment.userId,
      lang: payment.lang,
      currency: payment.currency,
      netCents: sums.net,
      taxCents: sums.tax,
      rateBp: kept.rateBp,
      country: kept.country,
      scheme: kept.scheme,
      reverseCharge: kept.reverseCharge,
      eurRates: settings.eurRates,
      content,
      cardCountry: known.cardCountry,
    });
  }

  /**
   * The credit note of a refund (once per `key`), naming the payment's invoice. `refs` names the
   * lines refunded (a partial refund of some items), `amountCents` an amount (a goodwill refund);
   * neither: whatever of the invoice is not credited yet. Nothing when the payment has no invoice
   * or nothing is left to credit.
   */
  async credit(
    paymentId: string,
    key: string,
    what: { refs?: string[]; amountCents?: number } = {},
    now = new Date(),
  ): Promise<InvoiceRow | null> {
    const done = await this.repo.byRefundKey(key);
    if (done) return done;
    const invoice = await this.repo.invoiceOfPayment(paymentId);
    if (!invoice) return null;
    const credited = await this.repo.creditsOf(invoice.id);
    const left = {
      net: invoice.netCents + credited.reduce((s, c) => s + c.netCents, 0),
      tax: invoice.taxCents + credited.reduce((s, c) => s + c.taxCents, 0),
      total: invoice.totalCents + credited.reduce((s, c) => s + c.totalCents, 0),
    };
    if (left.total <= 0) return null;
    const lang = invoice.lang as Lang;
    let lines: InvoiceContent['lines'];
    if (what.refs) {
      const refs = new Set(what.refs);
      lines = invoice.content.lines.filter((l) => refs.has(l.ref)).map(negate);
    } else if (what.amountCents !== undefined) {
      const cents = Math.min(what.amountCents, left.total);
      lines = [
        {
          ref: 'partial',
          title: localized((t) => t.partialRefund),
          ...splitTax(-cents, invoice.rateBp, true),
        },
      ];
    } else if (credited.length === 0) {
      lines = invoice.content.lines.map(negate);
    } else {
      lines = [
        {
          ref: 'remaining',
          title: localized((t) => t.remaining),
          netCents: -left.net,
          taxCents: -left.tax,
          totalCents: -left.total,
        },
      ];
    }
    const net = lines.reduce((s, l) => s + l.netCents, 0);
    const tax = lines.reduce((s, l) => s + l.taxCents, 0);
    if (net + tax >= 0 || -(net + tax) > left.total) {
      this.logger.warn(`refund ${key}: nothing left of invoice ${invoice.number} to credit`);
      return null;
    }
    const settings = await this.billing.settings();
    if ((await this.billing.paymentBilling(paymentId))?.taxCalculationId) {
      // and Stripe Tax's transaction is reversed by as much, once this commits
      await this.jobs.enqueue(
        STRIPE_TAX_REVERSAL_JOB,
        { paymentId, refundKey: key },
        { key: `${STRIPE_TAX_REVERSAL_JOB}:${key}` },
      );
    }
    return this.write({
      kind: 'credit_note',
      series: settings.creditNoteSeries,
      now,
      paymentId,
      userId: invoice.userId,
      lang,
      currency: invoice.currency,
      netCents: net,
      taxCents: tax,
      rateBp: invoice.rateBp,
      country: invoice.country,
      scheme: invoice.scheme,
      reverseCharge: invoice.reverseCharge,
      eurRates: settings.eurRates,
      creditsInvoiceId: invoice.id,
      refundKey: key,
      content: {
        ...invoice.content,
        lines,
        credits: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
      },
    });
  }

  /**
   * The credit note of refund `key` as Stripe Tax reverses it: `full` when it credits its whole
   * invoice at once, else its total (negative, tax included). Null: no such credit note.
   */
  async creditForTax(
    key: string,
  ): Promise<{ number: string; full: boolean; totalCents: number } | null> {
    const note = await this.repo.byRefundKey(key);
    const invoice = note?.creditsInvoiceId ? await this.repo.byId(note.creditsInvoiceId) : null;
    if (!note || !invoice) return null;
    return {
      number: note.number,
      full: note.totalCents === -invoice.totalCents,
      totalCents: note.totalCents,
    };
  }

  /** How much of a payment its credit notes gave back so far, in cents. */
  async creditedCents(paymentId: string): Promise<number> {
    const invoice = await this.repo.invoiceOfPayment(paymentId);
    if (!invoice) return 0;
    return -(await this.repo.creditsOf(invoice.id)).reduce((s, c) => s + c.totalCents, 0);
  }

  /** GET /users/me/invoices: the caller's invoices and credit notes, newest first. */
  async mine(userId: string): Promise<MyInvoice[]> {
    const rows = await this.repo.ofUser(userId);
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    return rows.map((r) => ({
      _id: r.id,
      number: r.number,
      kind: r.kind,
      issuedAt: r.issuedAt.toISOString(),
      net: fromCents(r.netCents),
      tax: fromCents(r.taxCents),
      taxRate: rateBpToPercent(r.rateBp),
      total: fromCents(r.totalCents),
      currency: r.currency.toUpperCase(),
      country: r.country,
      reverseCharge: r.reverseCharge,
      credits: r.creditsInvoiceId ? (numbers.get(r.creditsInvoiceId) ?? null) : null,
    }));
  }

  /** The caller's invoice as a PDF: 404 `invoices.not_found` for anyone else's. */
  async pdfOf(userId: string, id: string): Promise<{ bytes: Uint8Array; number: string }> {
    const row = await this.repo.byId(id);
    if (!row || row.userId !== userId) {
      throw notFound(BILLING_ERRORS.invoiceNotFound, 'You have no such invoice');
    }
    return { bytes: await this.pdfs.draw(INVOICE_PDF, row), number: row.number };
  }

  /** The invoice of a payment, if it has one (the receipt e-mail attaches it). */
  async ofPayment(paymentId: string): Promise<{ row: InvoiceRow; bytes: Uint8Array } | null> {
    const row = await this.repo.invoiceOfPayment(paymentId);
    return row ? { row, bytes: await this.pdfs.draw(INVOICE_PDF, row) } : null;
  }

  private async write(i: {
    kind: InvoiceRow['kind'];
    series: string;
    now: Date;
    paymentId: string;
    userId: string | null;
    lang: string;
    currency: string;
    netCents: number;
    taxCents: number;
    rateBp: number;
    country: string;
    scheme: InvoiceRow['scheme'];
    reverseCharge: boolean;
    eurRates: Record<string, number>;
    content: InvoiceContent;
    creditsInvoiceId?: string;
    refundKey?: string;
    cardCountry?: string;
  }): Promise<InvoiceRow> {
    const year = i.now.getUTCFullYear();
    const rate = eurRateOf(i.eurRates, i.now);
    // numbered last: every other issuer of the series waits on its counter until this commits
    const cardCountry = i.cardCountry ? cardCountryCode(i.cardCountry) : null;
    return this.repo.insertNumbered(
      {
        series: i.series,
        year,
        kind: i.kind,
        paymentId: i.paymentId,
        userId: i.userId,
        creditsInvoiceId: i.creditsInvoiceId ?? null,
        refundKey: i.refundKey ?? null,
        lang: ['es', 'en', 'fr'].includes(i.lang) ? i.lang : 'es',
        currency: i.currency,
        netCents: i.netCents,
        taxCents: i.taxCents,
        totalCents: i.netCents + i.taxCents,
        rateBp: i.rateBp,
        country: i.country,
        scheme: i.scheme,
        reverseCharge: i.reverseCharge,
        netEurCents: rate === null ? null : eurAmount(i.netCents, rate),
        taxEurCents: rate === null ? null : eurAmount(i.taxCents, rate),
        eurRate: rate === null ? null : String(rate),
        content: i.content,
        issuedAt: i.now,
      },
      cardCountry ? { paymentId: i.paymentId, cardCountry } : undefined,
    );
  }
}

const localized = (pick: (t: (typeof INVOICE_TEXT)['es']) => string): Localized => ({
  es: pick(INVOICE_TEXT.es),
  en: pick(INVOICE_TEXT.en),
  fr: pick(INVOICE_TEXT.fr),
});
