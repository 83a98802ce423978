import { create } from 'zustand';
import type { PublicConfig } from '@circo/shared-contracts';
import { hydrating } from '../store/hydrating';

/** Public runtime configuration from GET /api/config, loaded once by the shell at start. */
export const useAppConfig = hydrating(
  create<PublicConfig>(() => ({
    salesPaused: false,
    accessPeriodMonths: 12,
    stripePublishableKey: null,
  })),
);
