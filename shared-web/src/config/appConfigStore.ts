import { create } from 'zustand';
import type { PublicConfig } from '@circo/shared-contracts';

/** Public runtime configuration from GET /api/config, loaded once by the shell at start. */
export const useAppConfig = create<PublicConfig>(() => ({
  salesPaused: false,
  accessPeriodMonths: 12,
  stripePublishableKey: null,
}));
