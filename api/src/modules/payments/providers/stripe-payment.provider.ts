import Stripe from 'stripe';
import { PAYMENT_ERRORS } from '@circo/shared-contracts';
import type { AppConfig } from '../../../config/app-config.js';
import {
  ProviderError,
  type CreateIntentInput,
  type CreateSessionInput,
  type IntentStatus,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderSession,
} from './payment-provider.js';

/** The Stripe API version this code was written against (pinned: a new default never surprises it). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * Card payments through Stripe: PaymentIntents for the embedded Payment Element, Checkout Sessions
 * for the hosted page, refunds, and signed webhooks. STRIPE_API_HOST/PORT/PROTOCOL point the SDK at
 * a local stand-in in tests; in production they are unset (api.stripe.com).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly config: AppConfig['stripe'] & { secretKey: string }) {
    this.stripe = stripeClient(config);
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return toIntent(await this.call(() => this.stripe.paymentIntents.retrieve(id)));
  }

  async cardCountry(id: string): Promise<string | null> {
    const pi = await this.call(() =>
      this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
    );
    const charge = pi.latest_charge;
    if (!charge || typeof charge === 'string') return null;
    return charge.payment_method_details?.card?.country ?? null;
  }

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: input.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: line.amountCents,
              product_data: { name: line.name },
            },
          })),
          success_url: `${input.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: input.cancelUrl,
          locale: input.locale,
          metadata: input.metadata,
          payment_intent_data: { description: input.description, metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toSession(session);
  }

  async retrieveSession(id: string): Promise<ProviderSession> {
    return toSession(await this.call(() => this.stripe.checkout.sessions.retrieve(id)));
  }

  async refund(
    paymentIntentId: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<void> {
    await this.call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          ...(amountCents === undefined ? {} : { amount: amountCents }),
        },
        { idempotencyKey },
      ),
    );
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.config.webhookSecret || !signature) {
      throw new ProviderError(PAYMENT_ERRORS.badSignature, 'Missing webhook signature', 400);
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch {
      throw new ProviderError(PAYMENT_ERRORS.badSignature, 'Invalid webhook signature', 400);
    }
    return {
      id: event.id,
      type: event.type,
      created: event.created * 1000,
      object: event.data.object as unknown as Record<string, unknown>,
    };
  }

  private call<T>(fn: () => Promise<T>): Promise<T> {
    return stripeCall(fn);
  }
}

/**
 * The SDK's client, pinned to STRIPE_API_VERSION; STRIPE_API_HOST/PORT/PROTOCOL point it at a
 * local stand-in in tests.
 */
export function stripeClient(config: AppConfig['stripe'] & { secretKey: string }): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.host ? { protocol: config.protocol } : {}),
    appInfo: { name: 'circo-coach' },
  });
}

/** Runs an SDK call; a card error keeps Stripe's message, anything else is a 502. */
export async function stripeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      throw new ProviderError(PAYMENT_ERRORS.cardDeclined, err.message, 402);
    }
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
      throw new ProviderError(PAYMENT_ERRORS.notFound, 'Payment not found', 404);
    }
    throw new ProviderError(
      PAYMENT_ERRORS.providerError,
      `The card payment provider could not be reached: ${(err as Error).message}`,
      502,
    );
  }
}

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status as IntentStatus,
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...pi.metadata },
    lastError: pi.last_payment_error
      ? {
          code: pi.last_payment_error.code ?? 'card_error',
          message: pi.last_payment_error.message ?? 'Your card was declined.',
        }
      : null,
  };
}

function toSession(s: Stripe.Checkout.Session): ProviderSession {
  return {
    id: s.id,
    url: s.url ?? '',
    paid: s.payment_status === 'paid',
    paymentIntentId:
      typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    amountCents: s.amount_total ?? 0,
    metadata: { ...(s.metadata ?? {}) },
  };
}
