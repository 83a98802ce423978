// Invoices, credit notes and VAT: the buyer's billing details at checkout, the invoices of a
// buyer, the coach's billing settings and the accountant's reports.
import type { TaxScheme } from '../domain/vat.js';

export const BILLING_ERRORS = {
  invalidCountry: 'billing.invalid_country',
  invalidVatNumber: 'billing.invalid_vat_number',
  invoiceNotFound: 'invoices.not_found',
  badPeriod: 'invoices.bad_period',
  invalidSettings: 'billing.invalid_settings',
} as const;

export const BILLING_LIMITS = {
  name: 200,
  taxId: 40,
  address: 500,
  series: 10,
  /** The longest period of one report or export, in days. */
  periodDays: 400,
  /** Invoices in one ZIP of PDFs. */
  zipInvoices: 2000,
} as const;

/** An invoice series prefix: letters, digits and a dash, starting with a letter. */
export const INVOICE_SERIES_PATTERN = /^[A-Z][A-Z0-9-]{0,9}$/;

/** Where the billing country of a payment came from, printed on its invoice. */
export type CountrySource = 'billing' | 'profile' | 'seller';

/** The tax of a payment as checkout quotes it (`tax` in the create-intent answer). */
export interface CheckoutTax {
  /** Percent: 19 for 19%. */
  rate: number;
  /** USD, 2 decimals. */
  amount: number;
  /** The amount without the tax, USD. */
  net: number;
  country: string;
  countrySource: CountrySource;
  scheme: TaxScheme;
  reverseCharge: boolean;
  /** Whether the prices shown include the tax (then `amount` is inside the total). */
  included: boolean;
}

/** GET/PUT /users/me/billing: the billing details the buyer used last (the cart prefills them). */
export interface MyBilling {
  name: string;
  country: string | null;
  taxId: string | null;
}

export type InvoiceKind = 'invoice' | 'credit_note';

/** GET /users/me/invoices: one invoice or credit note (a credit note's amounts are negative). */
export interface MyInvoice {
  _id: string;
  number: string;
  kind: InvoiceKind;
  issuedAt: string;
  net: number;
  tax: number;
  /** Percent. */
  taxRate: number;
  total: number;
  currency: string;
  country: string;
  reverseCharge: boolean;
  /** A credit note names the invoice it corrects. */
  credits: string | null;
}

/** GET/PUT /admin/billing/settings: who sells, and how invoices are numbered and taxed. */
export interface BillingSettings {
  legalName: string;
  taxId: string;
  address: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The invoices' series prefix: `F` numbers them F2026-000001. */
  invoiceSeries: string;
  /** The credit notes' own series. */
  creditNoteSeries: string;
  /** Prices shown include VAT (what a consumer sees is what they pay). */
  pricesIncludeTax: boolean;
  /** Registered for the Union OSS scheme. */
  ossRegistered: boolean;
  /** Check VAT numbers with the EU's VIES service (their format is always checked). */
  viesCheck: boolean;
  /**
   * With Stripe keys, Stripe Tax computes the tax (its Tax Calculations API) instead of the table;
   * without them, or off, the table does. A PUT without it keeps it as it was.
   */
  stripeTax: boolean;
  /** Rates set over the table, in percent, by country: `{ "EE": 24 }`. */
  vatOverrides: Record<string, number>;
  /** USD to EUR by month (`{ "2026-11": 0.93 }`: 1 USD = 0.93 EUR), for the tax in EUR. */
  eurRates: Record<string, number>;
}

/** PUT /admin/billing/settings: the settings, `stripeTax` optional (absent: kept). */
export type BillingSettingsInput = Omit<BillingSettings, 'stripeTax'> & { stripeTax?: boolean };

/** One country of the tax report: what was invoiced there in the period, in EUR. */
export interface TaxReportRow {
  country: string;
  /** Percent; a country billed at several rates in the period has a row per rate. */
  rate: number;
  reverseCharge: boolean;
  invoices: number;
  creditNotes: number;
  /** EUR, 2 decimals, credit notes subtracted (invoices of a month with no rate left out: `missingRates`). */
  net: number;
  tax: number;
  /** The same in the currency charged (USD). */
  netUsd: number;
  taxUsd: number;
}

/** GET /admin/tax/report?from=&to= */
export interface TaxReport {
  from: string;
  to: string;
  currency: 'EUR';
  rows: TaxReportRow[];
  total: { net: number; tax: number; invoices: number; creditNotes: number };
  /** Months of the period with invoices but no USD to EUR rate entered (the latest rate before was used, else none). */
  missingRates: string[];
}

export const INVOICE_PATHS = {
  mine: '/users/me/invoices',
  pdf: (id: string) => `/users/me/invoices/${encodeURIComponent(id)}/pdf`,
  billing: '/users/me/billing',
  settings: '/admin/billing/settings',
  taxReport: '/admin/tax/report',
  adminInvoices: '/admin/invoices',
} as const;
