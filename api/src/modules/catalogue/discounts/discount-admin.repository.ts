import { Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { Repository } from '../../../database/transactions.js';
import {
  discountTargets,
  discounts,
  type DiscountRow,
  type DiscountTargetRow,
  type NewDiscountRow,
} from '../../../database/tables/discounts.table.js';

/** The admin's writes of vouchers and their targets. */
@Injectable()
export class DiscountAdminRepository extends Repository {
  listAll(): Promise<DiscountRow[]> {
    return this.db.select().from(discounts).orderBy(desc(discounts.startDate), desc(discounts.id));
  }

  async findById(id: string): Promise<DiscountRow | undefined> {
    const [row] = await this.db.select().from(discounts).where(eq(discounts.id, id)).limit(1);
    return row;
  }

  async insert(values: NewDiscountRow): Promise<DiscountRow> {
    const [row] = await this.db.insert(discounts).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewDiscountRow>): Promise<DiscountRow | undefined> {
    const [row] = await this.db
      .update(discounts)
      .set(values)
      .where(eq(discounts.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(discounts)
      .where(eq(discounts.id, id))
      .returning({ id: discounts.id });
    return rows.length > 0;
  }

  async replaceTargets(
    discountId: string,
    targets: Array<Pick<DiscountTargetRow, 'itemType' | 'itemId'>>,
  ): Promise<void> {
    await this.db.delete(discountTargets).where(eq(discountTargets.discountId, discountId));
    if (targets.length > 0) {
      await this.db.insert(discountTargets).values(targets.map((t) => ({ ...t, discountId })));
    }
  }
}
