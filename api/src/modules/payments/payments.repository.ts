import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../database/database.js';
import {
  type BuiltReads,
  preparedRowsBy,
  PreparedReadsRepository,
  TransactionHost,
} from '../../database/transactions.js';
import {
  paymentItems,
  payments,
  processedWebhookEvents,
  type NewPaymentItemRow,
  type NewPaymentRow,
  type PaymentItemRow,
  type PaymentRow,
} from '../../database/tables/payments.table.js';
import { paymentBilling, type PaymentBillingRow } from '../../database/tables/invoicing.table.js';

/** Payments that can still be paid: a second click reuses one of these. */
const OPEN_STATUSES = ['reserved', 'requires_payment_method', 'requires_confirmation', 'open'];

/** The reads of every pay and confirm call (and of each fulfilment): built once and prepared. */
const idParam = sql.placeholder('id');
const preparedReads = {
  byProviderObject: (db: Database) =>
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, sql.placeholder('provider')),
          or(eq(payments.providerPaymentId, idParam), eq(payments.providerIntentId, idParam)),
        ),
      )
      .limit(1)
      .prepare('payments_by_provider_object'),
  items: (db: Database) =>
    preparedRowsBy(db, 'payments_items', paymentItems, 'paymentId', [
      paymentItems.itemType,
      paymentItems.itemId,
    ]),
};

@Injectable()
export class PaymentsRepository extends PreparedReadsRepository<BuiltReads<typeof preparedReads>> {
  constructor(host: TransactionHost) {
    super(host, preparedReads);
  }

  /**
   * Inserts a payment with its items, or returns the payment already recorded for the same
   * provider object (two clicks that raced to the same idempotent provider call).
   */
  async insertWithItems(
    row: NewPaymentRow,
    items: Array<Omit<NewPaymentItemRow, 'paymentId'>>,
  ): Promise<PaymentRow> {
    const [created] = await this.db.insert(payments).values(row).onConflictDoNothing().returning();
    if (!created) {
      const existing = await this.findByProviderObject(row.provider, row.providerPaymentId);
      if (!existing) throw new Error(`payment ${row.providerPaymentId} vanished`);
      return existing;
    }
    if (items.length > 0) {
      await this.db
        .insert(paymentItems)
        .values(items.map((i) => ({ ...i, paymentId: created.id })));
    }
    return created;
  }

  /**
   * Serialises checkout starts of one user until the transaction ends (a transaction-level
   * advisory lock), so a double click cannot start two payments.
   */
  async lockUser(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${userId}`}))`);
  }

  async findById(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  /** The payment, locked until the transaction ends (so two fulfilments of it run one by one). */
  async lockById(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.id, id))
      .limit(1)
      .for('update');
    return row;
  }

  /**
   * The payment locked as `lockById` locks it, with its billing evidence (checkout's, if it kept
   * any) read in the same statement: what registering it needs.
   */
  async lockWithBilling(
    id: string,
  ): Promise<{ payment: PaymentRow; billing: PaymentBillingRow | null } | undefined> {
    const [row] = await this.db
      .select({ payment: payments, billing: paymentBilling })
      .from(payments)
      .leftJoin(paymentBilling, eq(paymentBilling.paymentId, payments.id))
      .where(eq(payments.id, id))
      .limit(1)
      .for('update', { of: payments });
    return row;
  }

  /** The payment made through this provider object: its own id, or its session's PaymentIntent. */
  async findByProviderObject(
    provider: PaymentRow['provider'],
    id: string,
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.prepared.byProviderObject.execute({ provider, id });
    return row;
  }

  /** The payments of these provider objects whose items are not registered yet. */
  unfulfilledOf(provider: PaymentRow['provider'], ids: string[]): Promise<PaymentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider),
          inArray(payments.providerPaymentId, ids),
          isNull(payments.fulfilledAt),
        ),
      );
  }

  /** A still-payable payment of the user with this idempotency key, made after `since`. */
  async findOpen(
    userId: string,
    idempotencyKey: string,
    since: Date,
    except: readonly string[] = [],
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.idempotencyKey, idempotencyKey),
          inArray(payments.status, OPEN_STATUSES),
          gt(payments.createdAt, since),
          except.length ? notInArray(payments.id, [...except]) : undefined,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  items(paymentId: string): Promise<PaymentItemRow[]> {
    return this.prepared.items.execute({ paymentId });
  }

  /**
   * A reserved payment gets its provider object (the same intent whoever sets it: the provider's
   * idempotency key is the payment's id). Returns the payment as it is now.
   */
  async attachIntent(
    id: string,
    intentId: string,
    status: string,
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .update(payments)
      .set({ providerPaymentId: intentId, providerIntentId: intentId, status })
      .where(and(eq(payments.id, id), eq(payments.status, 'reserved')))
      .returning();
    return row ?? (await this.findById(id));
  }

  /** A reservation whose provider call failed goes (its items with it), unless it got its intent. */
  async dropReserved(id: string): Promise<void> {
    await this.db.delete(payments).where(and(eq(payments.id, id), eq(payments.status, 'reserved')));
  }

  async update(
    id: string,
    changes: Partial<
      Pick<PaymentRow, 'status' | 'providerIntentId' | 'fulfilledAt' | 'refundedAt'>
    >,
  ): Promise<void> {
    await this.db.update(payments).set(changes).where(eq(payments.id, id));
  }

  /** Marks these rows of a payment's items refunded on their own (a repeat keeps the first time). */
  async markItemsRefunded(paymentId: string, rowIds: readonly string[], at: Date): Promise<void> {
    if (rowIds.length === 0) return;
    await this.db
      .update(paymentItems)
      .set({ refundedAt: at })
      .where(
        and(
          eq(paymentItems.paymentId, paymentId),
          inArray(paymentItems.id, [...rowIds]),
          isNull(paymentItems.refundedAt),
        ),
      );
  }

  /**
   * Records a webhook event id; false when it was already recorded (a redelivery). Run inside the
   * transaction that applies the event, so an event whose handling fails is not marked done.
   */
  async markEventProcessed(eventId: string, type: string): Promise<boolean> {
    const rows = await this.db
      .insert(processedWebhookEvents)
      .values({ eventId, type })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    return rows.length > 0;
  }
}
