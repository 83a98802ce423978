import { useQuery } from '@tanstack/react-query';
import type { DiscountDto } from '@circo/shared-contracts';
import { catalogQueries } from '@circo/shared-web';

const NONE: DiscountDto[] = [];

/** GET /discounts/activos, shared by every detail page. A failure means no discount (spec section 7). */
export function useActiveDiscounts(): DiscountDto[] {
  const { data } = useQuery(catalogQueries.activeDiscounts());
  return Array.isArray(data) ? data : NONE;
}
