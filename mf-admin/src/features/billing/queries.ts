// The coach's billing data. Keys live under ['admin'], so every admin write (useAdminWrite)
// refreshes them too.
import { queryOptions } from '@tanstack/react-query';
import { INVOICE_PATHS, type BillingSettings, type TaxReport } from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';

export const billingQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'billing', 'settings'] as const,
      queryFn: getJson<BillingSettings>(INVOICE_PATHS.settings),
    }),
  report: (from: string, to: string) =>
    queryOptions({
      queryKey: ['admin', 'billing', 'report', from, to] as const,
      queryFn: getJson<TaxReport>(INVOICE_PATHS.taxReport, { from, to }),
    }),
};
