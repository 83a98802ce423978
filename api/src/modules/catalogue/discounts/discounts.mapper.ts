import { fromCents, type DiscountDto } from '@circo/shared-contracts';
import type { ItemType } from '../../../database/tables/columns.js';
import type { DiscountRow } from '../../../database/tables/discounts.table.js';

export interface DiscountTargetView {
  _id: string;
  title: string;
  itemType: ItemType;
}

/** Row -> DiscountDto: money in USD, instants as ISO strings. */
export function toDiscountDto(row: DiscountRow, targetItems: DiscountTargetView[]): DiscountDto {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    nameI18n: { ...row.nameI18n, es: row.nameI18n?.es || row.name },
    descriptionI18n: { ...row.descriptionI18n, es: row.descriptionI18n?.es || row.description },
    percentage: row.percentage,
    amount: fromCents(row.amountCents),
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    active: row.active,
    type: row.type,
    targetItems,
  };
}
