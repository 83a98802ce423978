/** Public runtime configuration the API gives the front ends (GET /api/config). */
export interface PublicConfig {
  salesPaused: boolean;
  accessPeriodMonths: number;
  /** Stripe publishable key; null when the local test-payment provider is used. */
  stripePublishableKey: string | null;
}

/** `/remotes.json`: remote name -> manifest URL, or an object with the URL and a version label. */
export type RemotesFile = Record<string, string | { entry: string; version?: string }>;
