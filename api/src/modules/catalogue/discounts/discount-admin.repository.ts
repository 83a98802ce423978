import { Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { TableRows } from '../../../database/table-rows.js';
import { Repository } from '../../../database/transactions.js';
import {
  discountTargets,
  discounts,
  type DiscountRow,
  type DiscountTargetRow,
} from '../../../database/tables/discounts.table.js';

/** The admin's writes of vouchers and their targets. */
@Injectable()
export class DiscountAdminRepository extends Repository {
  /** One voucher by id: read, written, deleted. */
  readonly rows = new TableRows(() => this.db, {
    table: discounts,
    id: discounts.id,
  });

  listAll(): Promise<DiscountRow[]> {
    return this.db.select().from(discounts).orderBy(desc(discounts.startDate), desc(discounts.id));
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
