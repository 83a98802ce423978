import { Injectable } from '@nestjs/common';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../database/database.js';
import {
  type BuiltReads,
  PreparedReadsRepository,
  TransactionHost,
} from '../../../database/transactions.js';
import {
  localProviderObjects,
  type LocalProviderObjectRow,
} from '../../../database/tables/payments.table.js';

export type NewObject = typeof localProviderObjects.$inferInsert;

/** The read of every card paid and every confirm: built once and prepared. */
const preparedReads = {
  find: (db: Database) =>
    db
      .select()
      .from(localProviderObjects)
      .where(eq(localProviderObjects.id, sql.placeholder('id')))
      .limit(1)
      .prepare('local_provider_find'),
};

/** The local test provider's records (its PaymentIntents and Checkout Sessions). */
@Injectable()
export class LocalProviderRepository extends PreparedReadsRepository<
  BuiltReads<typeof preparedReads>
> {
  constructor(host: TransactionHost) {
    super(host, preparedReads);
  }

  async find(id: string): Promise<LocalProviderObjectRow | undefined> {
    const [row] = await this.prepared.find.execute({ id });
    return row;
  }

  /** Inserts the object, or returns the one already made with the same idempotency key. */
  async insertOnce(row: NewObject): Promise<LocalProviderObjectRow> {
    const [created] = await this.db
      .insert(localProviderObjects)
      .values(row)
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [existing] = await this.db
      .select()
      .from(localProviderObjects)
      .where(eq(localProviderObjects.idempotencyKey, row.idempotencyKey ?? ''))
      .limit(1);
    return existing;
  }

  async update(
    id: string,
    changes: Partial<Omit<NewObject, 'id'>>,
  ): Promise<LocalProviderObjectRow> {
    const [row] = await this.db
      .update(localProviderObjects)
      .set(changes)
      .where(eq(localProviderObjects.id, id))
      .returning();
    return row;
  }

  /** The PaymentIntents paid (succeeded) since `since`. */
  succeededSince(since: Date): Promise<LocalProviderObjectRow[]> {
    return this.db
      .select()
      .from(localProviderObjects)
      .where(
        and(
          eq(localProviderObjects.kind, 'payment_intent'),
          eq(localProviderObjects.status, 'succeeded'),
          gt(localProviderObjects.updatedAt, since),
        ),
      );
  }
}
