import { AppError } from '../../../common/errors/app-error.js';
import type { PaymentProvider as ProviderName } from '../../../database/tables/payments.table.js';

/** Nest injection token of the configured PaymentProvider (Stripe, or the local test provider). */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** Stripe's PaymentIntent statuses (the local provider uses the same words). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt (a declined card). */
  lastError: { code: string; message: string } | null;
}

export interface ProviderSession {
  id: string;
  url: string;
  /** Stripe's `payment_status`: paid once the money is taken. */
  paid: boolean;
  /** The session's PaymentIntent, once there is one. */
  paymentIntentId: string | null;
  amountCents: number;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  description: string;
  /** Sent to the provider: the same key twice returns the same intent (a double click). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CreateSessionInput extends CreateIntentInput {
  lines: Array<{ name: string; amountCents: number }>;
  successUrl: string;
  cancelUrl: string;
  locale: 'es' | 'en' | 'fr';
}

/** A verified provider event (a webhook). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider made the event (ms): events arrive in any order. */
  created: number;
  /** The event's object: a PaymentIntent, a Checkout Session or a Charge, as the provider sends it. */
  object: Record<string, unknown>;
}

/**
 * What checkout needs from a card-payment provider. Two implementations: Stripe (the real SDK,
 * configured by STRIPE_SECRET_KEY) and the local test provider (no keys: `npm start`, tests).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  retrieveSession(id: string): Promise<ProviderSession>;
  /**
   * The country of the card that paid a PaymentIntent (ISO 3166 alpha-2), as the card network
   * reports it: evidence of the buyer's country. Null when the provider does not say.
   */
  cardCountry(paymentIntentId: string): Promise<string | null>;
  /** Refunds a succeeded PaymentIntent: `amountCents` of it, or the whole amount when absent. */
  refund(paymentIntentId: string, idempotencyKey: string, amountCents?: number): Promise<void>;
  /** Verifies a webhook's signature against its raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** Thrown by a provider: answered with `status` and `code` (one of PAYMENT_ERRORS). */
export class ProviderError extends AppError {
  constructor(code: string, message: string, status = 502) {
    super(status, code, message);
    this.name = 'ProviderError';
  }
}
