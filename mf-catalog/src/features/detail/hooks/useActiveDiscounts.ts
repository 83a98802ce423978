import type { DiscountDto } from '@circo/shared-contracts';
import { useApi } from '../../catalog/hooks/useApi';

const NONE: DiscountDto[] = [];

/** GET /discounts/activos. A failure means no discount (spec section 7). */
export function useActiveDiscounts(): DiscountDto[] {
  const discounts = useApi<DiscountDto[]>('/discounts/activos');
  return discounts.status === 'success' && Array.isArray(discounts.data) ? discounts.data : NONE;
}
