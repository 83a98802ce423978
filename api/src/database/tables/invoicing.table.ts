import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { CountrySource, Localized, TaxScheme } from '@circo/shared-contracts';
import { createdAt, jsonDefault, updatedAt } from './columns.js';
import { payments } from './payments.table.js';
import { users } from './users.table.js';

/**
 * Who sells and how invoices are numbered and taxed: one row, the coach's billing settings
 * (legal name, tax id, address, country, series, prices with or without VAT, OSS, rates set over
 * the table, the monthly USD to EUR rates, whether Stripe Tax computes the tax with Stripe keys).
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default('ES'),
    invoiceSeries: text('invoice_series').notNull().default('F'),
    creditNoteSeries: text('credit_note_series').notNull().default('R'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    ossRegistered: boolean('oss_registered').notNull().default(true),
    viesCheck: boolean('vies_check').notNull().default(false),
    stripeTax: boolean('stripe_tax').notNull().default(true),
    vatOverrides: jsonb('vat_overrides')
      .$type<Record<string, number>>()
      .notNull()
      .default(jsonDefault({})),
    eurRates: jsonb('eur_rates').$type<Record<string, number>>().notNull().default(jsonDefault({})),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('billing_settings_one_row', sql`${t.id} = 1`),
    check('billing_settings_series_differ', sql`${t.invoiceSeries} <> ${t.creditNoteSeries}`),
  ],
);

/** The billing details a buyer gave last: the next checkout's country and the cart's prefill. */
export const billingProfiles = pgTable('billing_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  country: text('country').notNull(),
  taxId: text('tax_id'),
  updatedAt: updatedAt(),
});

/**
 * The tax of a payment and the evidence of the buyer's country, written when the payment starts
 * (what checkout quoted) or, for a payment that started without it (a membership's renewal), when
 * it is invoiced.
 */
export const paymentBilling = pgTable(
  'payment_billing',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    countrySource: text('country_source').$type<CountrySource>().notNull(),
    /** The VAT number in its canonical form (a business), or null. */
    taxId: text('tax_id'),
    /** Whether VIES confirmed the VAT number (null: not asked or not reachable). */
    taxIdVerified: boolean('tax_id_verified'),
    /** The card's country as the provider reports it, when it does. */
    cardCountry: text('card_country'),
    /** Stripe Tax's calculation the payment was charged by (with Stripe keys and Stripe Tax on). */
    taxCalculationId: text('tax_calculation_id'),
    /** The tax transaction recorded from it once paid (what Stripe's tax reports count). */
    taxTransactionId: text('tax_transaction_id'),
    rateBp: integer('rate_bp').notNull(),
    scheme: text('scheme').$type<TaxScheme>().notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'payment_billing_source_check',
      sql`${t.countrySource} in ('billing', 'profile', 'seller')`,
    ),
  ],
);

/**
 * The last number given in a series and year. Taken (and incremented) in the transaction that
 * issues the invoice, so a rollback gives the number back: consecutive, with no gap, under any
 * number of instances (a database sequence would leave gaps).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'invoice_counters_pkey', columns: [t.series, t.year] })],
);

/** What an invoice prints, kept as issued (the settings or the buyer may change later). */
export interface InvoiceContent {
  seller: { legalName: string; taxId: string; address: string; country: string };
  buyer: { name: string; email: string; country: string; taxId: string | null };
  countrySource: CountrySource;
  pricesIncludeTax: boolean;
  /** `ref` names what a line sells (`course:<id>`, `formation:<id>`, `subscription`). */
  lines: Array<{
    ref: string;
    title: Localized;
    netCents: number;
    taxCents: number;
    totalCents: number;
  }>;
  /** A credit note: the invoice it corrects. */
  credits?: { number: string; issuedAt: string };
}

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

/**
 * Invoices and credit notes: one invoice per paid payment, a credit note per refund, each
 * numbered `<series><year>-<counter>`. Never changed or deleted once written (a trigger refuses
 * it): a correction is a credit note. `user_id` names the buyer without a foreign key: an account
 * deleted later leaves its invoices as the accounting records they are.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: uuid('user_id'),
    creditsInvoiceId: uuid('credits_invoice_id').references((): AnyPgColumn => invoices.id),
    /** What a credit note is for (`refund:<payment>`): one credit note per refund. */
    refundKey: text('refund_key'),
    lang: text('lang').notNull(),
    currency: text('currency').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    rateBp: integer('rate_bp').notNull(),
    country: text('country').notNull(),
    scheme: text('scheme').$type<TaxScheme>().notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    /** The tax in EUR at the month's rate (null when no rate was entered yet). */
    taxEurCents: integer('tax_eur_cents'),
    netEurCents: integer('net_eur_cents'),
    /** 1 USD in EUR used for the EUR amounts, as entered (text: exact). */
    eurRate: text('eur_rate'),
    content: jsonb('content').$type<InvoiceContent>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_year_seq_key').on(t.series, t.year, t.seq),
    uniqueIndex('invoices_one_per_payment')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_key').on(t.refundKey),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    index('invoices_issued_at_idx').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_lang_check', sql`${t.lang} in ('es', 'en', 'fr')`),
    check(
      'invoices_amounts_check',
      sql`${t.netCents} + ${t.taxCents} = ${t.totalCents} and (${t.kind} = 'invoice') = (${t.totalCents} >= 0)`,
    ),
  ],
);

export type BillingSettingsRow = typeof billingSettings.$inferSelect;
export type BillingProfileRow = typeof billingProfiles.$inferSelect;
export type PaymentBillingRow = typeof paymentBilling.$inferSelect;
export type NewPaymentBillingRow = typeof paymentBilling.$inferInsert;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
