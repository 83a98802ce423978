import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import {
  billingProfiles,
  billingSettings,
  invoiceCounters,
  invoices,
  paymentBilling,
  type BillingProfileRow,
  type BillingSettingsRow,
  type InvoiceRow,
  type NewInvoiceRow,
  type NewPaymentBillingRow,
  type PaymentBillingRow,
} from '../../database/tables/invoicing.table.js';

export type SettingsValues = Omit<BillingSettingsRow, 'id' | 'updatedAt'>;

@Injectable()
export class InvoicingRepository extends Repository {
  async settings(): Promise<BillingSettingsRow | undefined> {
    const [row] = await this.db.select().from(billingSettings).where(eq(billingSettings.id, 1));
    return row;
  }

  async setSettings(values: SettingsValues): Promise<BillingSettingsRow> {
    const [row] = await this.db
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row;
  }

  async profile(userId: string): Promise<BillingProfileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, userId));
    return row;
  }

  async setProfile(row: Omit<BillingProfileRow, 'updatedAt'>): Promise<void> {
    await this.upsertProfile(row);
  }

  private upsertProfile(row: Omit<BillingProfileRow, 'updatedAt'>) {
    const { userId: _userId, ...values } = row;
    return this.db
      .insert(billingProfiles)
      .values(row)
      .onConflictDoUpdate({
        target: billingProfiles.userId,
        set: { ...values, updatedAt: new Date() },
      });
  }

  async paymentBilling(paymentId: string): Promise<PaymentBillingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentBilling)
      .where(eq(paymentBilling.paymentId, paymentId));
    return row;
  }

  /** The card's country, as the provider reported it once the payment was paid. */
  async setCardCountry(paymentId: string, cardCountry: string): Promise<void> {
    await this.db
      .update(paymentBilling)
      .set({ cardCountry })
      .where(eq(paymentBilling.paymentId, paymentId));
  }

  async setTaxTransaction(paymentId: string, taxTransactionId: string): Promise<void> {
    await this.db
      .update(paymentBilling)
      .set({ taxTransactionId })
      .where(eq(paymentBilling.paymentId, paymentId));
  }

  /**
   * Writes a payment's billing evidence once (a second write of the same payment keeps the first)
   * and, when given, the buyer's billing details for next time, in one statement.
   */
  async insertPaymentBilling(
    row: NewPaymentBillingRow,
    profile?: Omit<BillingProfileRow, 'updatedAt'>,
  ): Promise<PaymentBillingRow> {
    const profileWrite = profile
      ? [this.db.$with('profile').as(this.upsertProfile(profile).returning())]
      : [];
    const [made] = await this.db
      .with(...profileWrite)
      .insert(paymentBilling)
      .values(row)
      .onConflictDoNothing()
      .returning();
    return made ?? (await this.paymentBilling(row.paymentId))!;
  }

  /**
   * Writes an invoice or credit note with the next number of its series and year, in one
   * statement: the counter row is created or incremented and the row written with its value, so
   * two documents never get the same number and a rollback gives it back. The counter stays locked
   * until the transaction ends: call it last, as every other issuer of the series waits on it.
   * The number is `<series><year>-<counter>`, the counter on six digits at least (F2026-000042).
   * `evidence`: the paying card's country, kept with the payment's billing evidence by the same
   * statement.
   */
  async insertNumbered(
    row: Omit<NewInvoiceRow, 'number' | 'seq'>,
    evidence?: { paymentId: string; cardCountry: string },
  ): Promise<InvoiceRow> {
    const counter = this.db.$with('counter').as(
      this.db
        .insert(invoiceCounters)
        .values({ series: row.series, year: row.year, last: 1 })
        .onConflictDoUpdate({
          target: [invoiceCounters.series, invoiceCounters.year],
          set: { last: sql`${invoiceCounters.last} + 1` },
        })
        .returning({ last: invoiceCounters.last }),
    );
    const seq = sql`(select "last" from ${counter})`;
    const card = evidence
      ? this.db
          .$with('card')
          .as(
            this.db
              .update(paymentBilling)
              .set({ cardCountry: evidence.cardCountry })
              .where(eq(paymentBilling.paymentId, evidence.paymentId))
              .returning({ paymentId: paymentBilling.paymentId }),
          )
      : undefined;
    const [made] = await this.db
      .with(...(card ? [counter, card] : [counter]))
      .insert(invoices)
      .values({
        ...row,
        seq,
        number: sql`${`${row.series}${row.year}-`} || lpad(${seq}::text, greatest(6, length(${seq}::text)), '0')`,
      })
      .returning();
    return made;
  }

  async invoiceOfPayment(paymentId: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
    return row;
  }

  async byRefundKey(key: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.refundKey, key));
    return row;
  }

  /** The credit notes of an invoice. */
  async creditsOf(invoiceId: string): Promise<InvoiceRow[]> {
    return this.db.select().from(invoices).where(eq(invoices.creditsInvoiceId, invoiceId));
  }

  async byId(id: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  }

  async ofUser(userId: string): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  }

  /** Every invoice and credit note issued in [from, to), by number within each series. */
  async issuedBetween(from: Date, to: Date, limit?: number): Promise<InvoiceRow[]> {
    const q = this.db
      .select()
      .from(invoices)
      .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
      .orderBy(asc(invoices.series), asc(invoices.year), asc(invoices.seq));
    return limit ? q.limit(limit) : q;
  }

  /** The evidence of the buyer's country kept with these payments, by payment. */
  async evidenceOf(
    paymentIds: string[],
  ): Promise<Map<string, Pick<PaymentBillingRow, 'countrySource' | 'cardCountry'>>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        paymentId: paymentBilling.paymentId,
        countrySource: paymentBilling.countrySource,
        cardCountry: paymentBilling.cardCountry,
      })
      .from(paymentBilling)
      .where(inArray(paymentBilling.paymentId, [...new Set(paymentIds)]));
    return new Map(rows.map(({ paymentId, ...e }) => [paymentId, e]));
  }
}
