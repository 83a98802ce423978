import type { TFunction } from 'i18next';
import { formatUsd, type DiscountDto } from '@circo/shared-contracts';

/** "20% OFF", or "$15.00 OFF" for a voucher of a fixed amount. */
export function discountLabel(t: TFunction<'catalog'>, discount: DiscountDto): string {
  return discount.percentage > 0
    ? t('detail.price.percentOff', { percentage: discount.percentage })
    : t('detail.price.amountOff', { amount: formatUsd(discount.amount) });
}
