import { Injectable } from '@nestjs/common';
import { zipSync } from 'fflate';
import {
  BILLING_ERRORS,
  BILLING_LIMITS,
  fromCents,
  rateBpToPercent,
  type CountrySource,
  type Lang,
  type TaxReport,
  type TaxReportRow,
} from '@circo/shared-contracts';
import { badRequest } from '../../common/errors/app-error.js';
import type { InvoiceRow } from '../../database/tables/invoicing.table.js';
import { toCsv } from '../insights/index.js';
import { PdfThreads } from '../pdf/index.js';
import { BillingService } from './billing.service.js';
import { eurAmount, eurRateOf } from './eur-rates.js';
import { INVOICE_PDF } from './invoice-pdf.js';
import { InvoicingRepository } from './invoicing.repository.js';

const DAY = 86_400_000;

const HEADERS = {
  report: {
    es: [
      'país',
      'tipo_iva',
      'inversión_sujeto_pasivo',
      'facturas',
      'rectificativas',
      'base_eur',
      'iva_eur',
      'base_usd',
      'iva_usd',
    ],
    en: [
      'country',
      'vat_rate',
      'reverse_charge',
      'invoices',
      'credit_notes',
      'net_eur',
      'vat_eur',
      'net_usd',
      'vat_usd',
    ],
    fr: [
      'pays',
      'taux_tva',
      'autoliquidation',
      'factures',
      'avoirs',
      'ht_eur',
      'tva_eur',
      'ht_usd',
      'tva_usd',
    ],
  },
  invoices: {
    es: [
      'número',
      'tipo',
      'fecha',
      'rectifica',
      'cliente',
      'email',
      'país',
      'nif_iva',
      'base',
      'tipo_iva',
      'iva',
      'total',
      'moneda',
      'iva_eur',
      'cambio_usd_eur',
      'inversión_sujeto_pasivo',
      'origen_país',
      'país_tarjeta',
    ],
    en: [
      'number',
      'kind',
      'date',
      'corrects',
      'customer',
      'email',
      'country',
      'vat_id',
      'net',
      'vat_rate',
      'vat',
      'total',
      'currency',
      'vat_eur',
      'usd_eur_rate',
      'reverse_charge',
      'country_source',
      'card_country',
    ],
    fr: [
      'numéro',
      'type',
      'date',
      'rectifie',
      'client',
      'email',
      'pays',
      'n_tva',
      'ht',
      'taux_tva',
      'tva',
      'ttc',
      'devise',
      'tva_eur',
      'taux_usd_eur',
      'autoliquidation',
      'source_pays',
      'pays_carte',
    ],
  },
  /** Where the invoice's country came from (payment_billing.country_source). */
  source: {
    billing: { es: 'facturación', en: 'billing', fr: 'facturation' },
    profile: { es: 'perfil', en: 'profile', fr: 'profil' },
    seller: { es: 'vendedor', en: 'seller', fr: 'vendeur' },
  },
  yes: { es: 'sí', en: 'yes', fr: 'oui' },
  no: { es: 'no', en: 'no', fr: 'non' },
  kind: {
    invoice: { es: 'factura', en: 'invoice', fr: 'facture' },
    credit_note: { es: 'rectificativa', en: 'credit note', fr: 'avoir' },
  },
} as const;

/**
 * The accountant's views of a period: the tax by country and rate (the quarterly OSS return, in
 * EUR at each invoice's month rate), and every invoice and credit note as CSV or a ZIP of PDFs.
 */
@Injectable()
export class TaxReportsService {
  constructor(
    private readonly repo: InvoicingRepository,
    private readonly billing: BillingService,
    private readonly pdfs: PdfThreads,
  ) {}

  async report(fromDay: string, toDay: string): Promise<TaxReport> {
    const [from, to] = this.period(fromDay, toDay);
    const rows = await this.repo.issuedBetween(from, to);
    const { eurRates } = await this.billing.settings();
    const groups = new Map<
      string,
      TaxReportRow & { netC: number; taxC: number; netU: number; taxU: number }
    >();
    const missing = new Set<string>();
    for (const inv of rows) {
      const key = `${inv.country}|${inv.rateBp}|${inv.reverseCharge}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          country: inv.country,
          rate: rateBpToPercent(inv.rateBp),
          reverseCharge: inv.reverseCharge,
          invoices: 0,
          creditNotes: 0,
          net: 0,
          tax: 0,
          netUsd: 0,
          taxUsd: 0,
          netC: 0,
          taxC: 0,
          netU: 0,
          taxU: 0,
        };
        groups.set(key, g);
      }
      if (inv.kind === 'invoice') g.invoices++;
      else g.creditNotes++;
      g.netU += inv.netCents;
      g.taxU += inv.taxCents;
      const eur = this.inEur(inv, eurRates);
      if (eur) {
        g.netC += eur.net;
        g.taxC += eur.tax;
      } else missing.add(inv.issuedAt.toISOString().slice(0, 7));
    }
    const list = [...groups.values()]
      .sort((a, b) => a.country.localeCompare(b.country) || a.rate - b.rate)
      .map(({ netC, taxC, netU, taxU, ...r }) => ({
        ...r,
        net: fromCents(netC),
        tax: fromCents(taxC),
        netUsd: fromCents(netU),
        taxUsd: fromCents(taxU),
      }));
    const sum = (pick: (r: TaxReportRow) => number) =>
      fromCents(list.reduce((s, r) => s + Math.round(pick(r) * 100), 0));
    return {
      from: fromDay,
      to: toDay,
      currency: 'EUR',
      rows: list,
      total: {
        net: sum((r) => r.net),
        tax: sum((r) => r.tax),
        invoices: list.reduce((s, r) => s + r.invoices, 0),
        creditNotes: list.reduce((s, r) => s + r.creditNotes, 0),
      },
      missingRates: [...missing].sort(),
    };
  }

  reportCsv(report: TaxReport, lang: Lang): string {
    return toCsv(
      [...HEADERS.report[lang]],
      report.rows.map((r) => [
        r.country,
        r.rate,
        r.reverseCharge ? HEADERS.yes[lang] : HEADERS.no[lang],
        r.invoices,
        r.creditNotes,
        r.net,
        r.tax,
        r.netUsd,
        r.taxUsd,
      ]),
      lang,
    );
  }

  async invoicesCsv(fromDay: string, toDay: string, lang: Lang): Promise<string> {
    const [from, to] = this.period(fromDay, toDay);
    const rows = await this.repo.issuedBetween(from, to);
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    // the evidence of the buyer's country: where the billing country came from, the card's
    const evidence = await this.repo.evidenceOf(rows.map((r) => r.paymentId));
    return toCsv(
      [...HEADERS.invoices[lang]],
      rows.map((r) => [
        r.number,
        HEADERS.kind[r.kind][lang],
        r.issuedAt.toISOString().slice(0, 10),
        r.creditsInvoiceId
          ? (numbers.get(r.creditsInvoiceId) ?? r.content.credits?.number ?? '')
          : '',
        r.content.buyer.name,
        r.content.buyer.email,
        r.country,
        r.content.buyer.taxId ?? '',
        fromCents(r.netCents),
        rateBpToPercent(r.rateBp),
        fromCents(r.taxCents),
        fromCents(r.totalCents),
        r.currency.toUpperCase(),
        r.taxEurCents === null ? null : fromCents(r.taxEurCents),
        r.eurRate === null ? null : Number(r.eurRate),
        r.reverseCharge ? HEADERS.yes[lang] : HEADERS.no[lang],
        ...evidenceCells(evidence.get(r.paymentId), lang),
      ]),
      lang,
    );
  }

  /** Every invoice and credit note of the period as PDFs in one ZIP, named by their numbers. */
  async invoicesZip(fromDay: string, toDay: string): Promise<Uint8Array> {
    const [from, to] = this.period(fromDay, toDay);
    const rows = await this.repo.issuedBetween(from, to, BILLING_LIMITS.zipInvoices + 1);
    if (rows.length > BILLING_LIMITS.zipInvoices) {
      throw badRequest(
        BILLING_ERRORS.badPeriod,
        `More than ${BILLING_LIMITS.zipInvoices} invoices: ask for a shorter period`,
      );
    }
    // drawn on the PDF threads, in turn: the API keeps answering meanwhile
    const pdfs = await Promise.all(rows.map((row) => this.pdfs.draw(INVOICE_PDF, row)));
    const files: Record<string, Uint8Array> = {};
    rows.forEach((row, i) => (files[`${row.number}.pdf`] = pdfs[i]));
    // PDFs are compressed already: stored, not deflated again
    return zipSync(files, { level: 0 });
  }

  /** [from, to + 1 day) in UTC; 400 `invoices.bad_period` when reversed or too long. */
  private period(fromDay: string, toDay: string): [Date, Date] {
    const from = new Date(`${fromDay}T00:00:00.000Z`);
    const to = new Date(new Date(`${toDay}T00:00:00.000Z`).getTime() + DAY);
    if (to <= from) throw badRequest(BILLING_ERRORS.badPeriod, 'to must not be before from');
    if (to.getTime() - from.getTime() > BILLING_LIMITS.periodDays * DAY) {
      throw badRequest(
        BILLING_ERRORS.badPeriod,
        `A period is at most ${BILLING_LIMITS.periodDays} days`,
      );
    }
    return [from, to];
  }

  /** The invoice's EUR amounts: as issued, else at its month's rate entered since. */
  private inEur(
    inv: InvoiceRow,
    rates: Record<string, number>,
  ): { net: number; tax: number } | null {
    if (inv.netEurCents !== null && inv.taxEurCents !== null) {
      return { net: inv.netEurCents, tax: inv.taxEurCents };
    }
    const rate = eurRateOf(rates, inv.issuedAt);
    return rate === null
      ? null
      : { net: eurAmount(inv.netCents, rate), tax: eurAmount(inv.taxCents, rate) };
  }
}

function evidenceCells(
  e: { countrySource: CountrySource; cardCountry: string | null } | undefined,
  lang: Lang,
): string[] {
  return [e ? HEADERS.source[e.countrySource][lang] : '', e?.cardCountry ?? ''];
}
