// The buyer's last billing details (GET /users/me/billing): the form's prefill.
import { queryOptions } from '@tanstack/react-query';
import { INVOICE_PATHS, type MyBilling } from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';

export const billingQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['checkout', 'billing'] as const,
      queryFn: getJson<MyBilling>(INVOICE_PATHS.billing),
      staleTime: Infinity,
    }),
};
