import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  ne,
  sql,
  type AnyColumn,
  type Placeholder,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../database/database.js';
import {
  type BuiltReads,
  preparedRowsBy,
  PreparedReadsRepository,
  TransactionHost,
} from '../../database/transactions.js';
import type { ItemType } from '../../database/tables/columns.js';
import {
  accessGrants,
  currentAccess,
  type AccessGrantRow,
  type CurrentAccessRow,
  type NewAccessGrantRow,
} from '../../database/tables/purchases.table.js';
import { subscriptionAccess } from '../../database/tables/memberships.table.js';

/** One source of access to an item: a grant (purchase, admin grant) or a subscription's plan. */
export interface AccessRow {
  itemType: ItemType;
  itemId: string;
  expiresAt: Date;
  /** Set when the access comes from a subscription. */
  subscription: {
    id: string;
    planName: Record<'es' | 'en' | 'fr', string>;
    renews: boolean;
    /** The end of its paid period (its access may last longer: grace, a renewal collected). */
    periodEnd: Date;
  } | null;
}

const refunds = alias(accessGrants, 'refunds');

/**
 * Every source of access of a user (the grants' current access, and each subscription active or
 * in its grace period with the items its plan opens), of the items `itemIds` when given: one
 * statement. Prepared, as PostgreSQL takes longer to plan this union (0.5 ms) than to run it.
 */
function accessUnion(db: Database, itemIds?: Placeholder) {
  const userId = sql.placeholder('userId');
  const only = (column: AnyColumn) =>
    itemIds ? sql`${column} = any(${itemIds}::uuid[])` : undefined;
  const grants = db
    .select({
      itemType: currentAccess.itemType,
      itemId: currentAccess.itemId,
      expiresAt: currentAccess.expiresAt,
      subscriptionId: sql<string | null>`null::uuid`.as('subscription_id'),
      planName: sql<Record<'es' | 'en' | 'fr', string> | null>`null::jsonb`.as('plan_name'),
      renews: sql<boolean>`false`.as('renews'),
      periodEnd: sql<Date | null>`null::timestamptz`.as('period_end'),
    })
    .from(currentAccess)
    .where(and(eq(currentAccess.userId, userId), only(currentAccess.itemId)));
  const subscribed = db
    .select({
      itemType: subscriptionAccess.itemType,
      itemId: subscriptionAccess.itemId,
      expiresAt: subscriptionAccess.expiresAt,
      subscriptionId: subscriptionAccess.subscriptionId,
      planName: subscriptionAccess.planName,
      renews: subscriptionAccess.renews,
      periodEnd: subscriptionAccess.periodEnd,
    })
    .from(subscriptionAccess)
    .where(and(eq(subscriptionAccess.userId, userId), only(subscriptionAccess.itemId)));
  return grants.unionAll(subscribed);
}

/** The reads of every signed-in page, checkout and confirm: built once and prepared. */
const userIdParam = sql.placeholder('userId');
const itemIdsParam = sql.placeholder('itemIds');
const preparedReads = {
  listCurrent: (db: Database) =>
    preparedRowsBy(db, 'purchases_list_current', currentAccess, 'userId', [
      asc(currentAccess.expiresAt),
    ]),
  currentOf: (db: Database) =>
    db
      .select()
      .from(currentAccess)
      .where(
        and(
          eq(currentAccess.userId, userIdParam),
          sql`${currentAccess.itemId} = any(${itemIdsParam}::uuid[])`,
        ),
      )
      .prepare('purchases_current_of'),
  unrefundedOfPayment: (db: Database) =>
    db
      .select({ grant: accessGrants })
      .from(accessGrants)
      .leftJoin(refunds, eq(refunds.refundsGrantId, accessGrants.id))
      .where(
        and(
          eq(accessGrants.paymentId, sql.placeholder('paymentId')),
          ne(accessGrants.kind, 'refund'),
          isNull(refunds.id),
        ),
      )
      .prepare('purchases_unrefunded_of_payment'),
  accessAll: (db: Database) => accessUnion(db).prepare('purchases_access_all'),
  accessOf: (db: Database) => accessUnion(db, itemIdsParam).prepare('purchases_access_of'),
};

@Injectable()
export class PurchasesRepository extends PreparedReadsRepository<BuiltReads<typeof preparedReads>> {
  constructor(host: TransactionHost) {
    super(host, preparedReads);
  }

  /** What the user owns now (active or expired), soonest end first. */
  listCurrent(userId: string): Promise<CurrentAccessRow[]> {
    return this.prepared.listCurrent.execute({ userId });
  }

  /** The current access to one item, or undefined when it was never granted (or all refunded). */
  async current(
    userId: string,
    itemType: ItemType,
    itemId: string,
  ): Promise<CurrentAccessRow | undefined> {
    const [row] = await this.db
      .select()
      .from(currentAccess)
      .where(
        and(
          eq(currentAccess.userId, userId),
          eq(currentAccess.itemType, itemType),
          eq(currentAccess.itemId, itemId),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * The current access to each of `items` (by `type:id`; absent when never granted or all
   * refunded): one statement however many items a cart has.
   */
  async currentOf(
    userId: string,
    items: ReadonlyArray<{ type: ItemType; id: string }>,
  ): Promise<Map<string, CurrentAccessRow>> {
    if (items.length === 0) return new Map();
    const rows = await this.prepared.currentOf.execute({
      userId,
      itemIds: [...new Set(items.map((i) => i.id))],
    });
    return new Map(rows.map((r) => [`${r.itemType}:${r.itemId}`, r]));
  }

  /** Every source of access the user has (accessUnion), for all items or the given ids. */
  async accessRows(userId: string, itemIds?: readonly string[]): Promise<AccessRow[]> {
    const rows = itemIds
      ? await this.prepared.accessOf.execute({ userId, itemIds: [...new Set(itemIds)] })
      : await this.prepared.accessAll.execute({ userId });
    return rows.map((r) => ({
      itemType: r.itemType,
      itemId: r.itemId,
      // a union's rows come back as the driver reads them: a timestamp may arrive as text
      expiresAt: new Date(r.expiresAt),
      subscription:
        r.subscriptionId && r.planName
          ? {
              id: r.subscriptionId,
              planName: r.planName,
              renews: Boolean(r.renews),
              periodEnd: new Date(r.periodEnd ?? r.expiresAt),
            }
          : null,
    }));
  }

  /**
   * Inserts grants; a grant for an item its payment already granted (access_grants_payment_item_key)
   * or a second refund of one grant (access_grants_refunds_grant_id_key) is skipped, so fulfilling
   * or refunding a payment twice adds nothing.
   * Returns the rows actually inserted.
   */
  insertGrants(rows: NewAccessGrantRow[]): Promise<AccessGrantRow[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return this.db.insert(accessGrants).values(rows).onConflictDoNothing().returning();
  }

  /** The user's whole history of one item, oldest first. */
  history(userId: string, itemType: ItemType, itemId: string): Promise<AccessGrantRow[]> {
    return this.db
      .select()
      .from(accessGrants)
      .where(
        and(
          eq(accessGrants.userId, userId),
          eq(accessGrants.itemType, itemType),
          eq(accessGrants.itemId, itemId),
        ),
      )
      .orderBy(asc(accessGrants.createdAt), asc(accessGrants.startsAt));
  }

  async findGrant(id: string): Promise<AccessGrantRow | undefined> {
    const [row] = await this.db.select().from(accessGrants).where(eq(accessGrants.id, id)).limit(1);
    return row;
  }

  /** The row that ends a grant (its refund or revocation), if any. */
  endingOf(grantId: string): Promise<AccessGrantRow | undefined> {
    return this.firstWhere(accessGrants, eq(accessGrants.refundsGrantId, grantId));
  }

  /** The grants a payment gave that no refund has cancelled yet. */
  unrefundedGrantsOfPayment(paymentId: string): Promise<AccessGrantRow[]> {
    return this.prepared.unrefundedOfPayment
      .execute({ paymentId })
      .then((rows) => rows.map((r) => r.grant));
  }

  /** Whether any user ever had access to the item (it then cannot be deleted). */
  async hasBuyers(itemType: ItemType, itemId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: accessGrants.id })
      .from(accessGrants)
      .where(and(eq(accessGrants.itemType, itemType), eq(accessGrants.itemId, itemId)))
      .limit(1);
    return Boolean(row);
  }

  /** Which of the given items any user ever had access to. */
  async itemsWithBuyers(itemType: ItemType, itemIds: readonly string[]): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ itemId: accessGrants.itemId })
      .from(accessGrants)
      .where(and(eq(accessGrants.itemType, itemType), inArray(accessGrants.itemId, [...itemIds])));
    return new Set(rows.map((r) => r.itemId));
  }
}
