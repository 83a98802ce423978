import { create } from 'zustand';
import type { PublicConfig } from '@circo/shared-contracts';
import { pageStore } from '../page/pageContext';

/** Public runtime configuration from GET /api/config, loaded once by the shell at start. */
export const useAppConfig = pageStore(
  create<PublicConfig>(() => ({
    salesPaused: false,
    accessPeriodMonths: 12,
    stripePublishableKey: null,
  })),
  (s, page) => (page ? { ...s, ...page.config } : s),
);
