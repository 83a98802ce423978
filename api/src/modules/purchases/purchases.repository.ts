import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt } from 'drizzle-orm';
import { DB } from '../../database/database.module.js';
import type { Database } from '../../database/database.js';
import type { ItemType } from '../../database/columns.js';
import { purchases, type PurchaseRow } from './purchases.table.js';

@Injectable()
export class PurchasesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  listForUser(userId: string): Promise<PurchaseRow[]> {
    return this.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(asc(purchases.expiresAt));
  }

  async hasActive(userId: string, itemType: ItemType, itemId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          eq(purchases.userId, userId),
          eq(purchases.itemType, itemType),
          eq(purchases.itemId, itemId),
          gt(purchases.expiresAt, now),
        ),
      )
      .limit(1);
    return Boolean(row);
  }
}
