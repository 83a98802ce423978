import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  COUNTRY_TEST_CARDS,
  PAYMENT_ERRORS,
  TEST_CARDS,
  testCardCountry,
} from '@circo/shared-contracts';
import type { LocalProviderObjectRow } from '../../../database/tables/payments.table.js';
import { LocalProviderRepository, type NewObject } from './local-provider.repository.js';
import {
  cardProblem,
  decline,
  langOf,
  type CardPayment,
  type CardResult,
  type SavedCard,
  type TestCard,
} from './test-cards.js';
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

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/**
 * The local test provider: the default when no Stripe keys are set. It keeps its PaymentIntents
 * and Checkout Sessions in its own table, takes the test cards of Stripe's test mode (4242...
 * succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 needs a confirmation step) and
 * serves the confirmation step and a hosted checkout page itself (local-provider.controller.ts).
 */
@Injectable()
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly repo: LocalProviderRepository) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const row = await this.insertNew('payment_intent', input, (id) => ({
      status: 'requires_payment_method',
      metadata: input.metadata,
      successUrl: `/pago-exitoso?payment_intent=${id}`,
    }));
    return toIntent(row);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return toIntent(await this.get(id, 'payment_intent'));
  }

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const row = await this.insertNew('checkout_session', input, (id) => ({
      status: 'open',
      metadata: { ...input.metadata, lang: input.locale },
      successUrl: `${pathOf(input.successUrl)}?session_id=${id}`,
      cancelUrl: pathOf(input.cancelUrl),
    }));
    return this.toSession(row);
  }

  async retrieveSession(id: string): Promise<ProviderSession> {
    return this.toSession(await this.get(id, 'checkout_session'));
  }

  /**
   * A new PaymentIntent or Checkout Session with its id, client secret and idempotency key (the
   * first of a repeated call is returned as it was); `fields` gives what differs by kind.
   */
  private insertNew(
    kind: 'payment_intent' | 'checkout_session',
    input: Pick<CreateIntentInput, 'amountCents' | 'currency' | 'idempotencyKey'>,
    fields: (id: string) => Pick<NewObject, 'status' | 'metadata' | 'successUrl' | 'cancelUrl'>,
  ): Promise<LocalProviderObjectRow> {
    const intent = kind === 'payment_intent';
    const id = newId(intent ? 'pi' : 'cs');
    return this.repo.insertOnce({
      id,
      kind,
      amountCents: input.amountCents,
      currency: input.currency,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      idempotencyKey: `${intent ? 'intent' : 'session'}:${input.idempotencyKey}`,
      ...fields(id),
    });
  }

  /**
   * Like Stripe: a refund of part of the amount is kept in `metadata.refunded_cents` (Stripe's
   * `amount_refunded`); `refunded` turns true once the whole amount is back. The idempotency key
   * makes a repeated call a no-op.
   */
  async refund(
    paymentIntentId: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<void> {
    const row = await this.get(paymentIntentId, 'payment_intent');
    if (row.status !== 'succeeded') {
      throw new ProviderError(
        PAYMENT_ERRORS.providerError,
        'Only a succeeded payment can be refunded',
        409,
      );
    }
    const keys = (row.metadata.refund_keys ?? '').split(' ').filter(Boolean);
    if (keys.includes(idempotencyKey)) return;
    const before = Number(row.metadata.refunded_cents ?? 0);
    const amount = amountCents ?? row.amountCents - before;
    if (amount <= 0 || before + amount > row.amountCents) {
      throw new ProviderError(
        PAYMENT_ERRORS.providerError,
        'The refund is more than what is left of the payment',
        409,
      );
    }
    const refundedCents = before + amount;
    await this.repo.update(row.id, {
      refunded: refundedCents === row.amountCents,
      metadata: {
        ...row.metadata,
        refunded_cents: String(refundedCents),
        refund_keys: [...keys, idempotencyKey].join(' '),
      },
    });
  }

  verifyEvent(): ProviderEvent {
    // the local provider sends no webhooks: its confirm call is the source of truth
    throw new ProviderError(PAYMENT_ERRORS.notTestMode, 'Webhooks come from Stripe only', 400);
  }

  /**
   * Pays intent `id` with a typed test card. A card that is not well formed fails as Stripe.js
   * would before sending it; a declined one leaves the intent payable again.
   */
  async payIntent(id: string, card: TestCard, now = new Date()): Promise<CardPayment> {
    const row = await this.get(id, 'payment_intent');
    const lang = langOf(row.metadata);
    if (row.status === 'succeeded') return { status: 'succeeded' };
    if (row.status === 'requires_action') {
      return { status: 'requires_action', redirectUrl: this.authenticateUrl(row) };
    }
    const problem = cardProblem(card, now);
    if (problem) return { status: 'failed', error: decline(problem, lang) };
    const digits = card.cardNumber.replace(/[\s-]/g, '');
    const country = testCardCountry(digits);
    if (digits === TEST_CARDS.success || digits in COUNTRY_TEST_CARDS) {
      await this.succeed(row, 'pays', country);
      return { status: 'succeeded', cardCountry: country };
    }
    if (digits === TEST_CARDS.failsAtRenewal) {
      await this.succeed(row, 'declines', country);
      return { status: 'succeeded', cardCountry: country };
    }
    if (digits === TEST_CARDS.requiresAction) {
      await this.repo.update(row.id, {
        status: 'requires_action',
        lastError: null,
        metadata: { ...row.metadata, card_country: country },
      });
      return { status: 'requires_action', redirectUrl: this.authenticateUrl(row) };
    }
    const error = decline(
      digits === TEST_CARDS.declined ? 'card_declined' : 'test_mode_live_card',
      lang,
    );
    await this.repo.update(row.id, { status: 'requires_payment_method', lastError: error });
    return { status: 'failed', error };
  }

  /**
   * Pays session `id` with a test card: the session gets a PaymentIntent of its own, paid like
   * the embedded one. Returns where the browser goes next.
   */
  async paySession(id: string, card: TestCard, now = new Date()): Promise<CardResult> {
    const session = await this.get(id, 'checkout_session');
    let intentId = session.paymentIntentId;
    if (!intentId) {
      const intent = await this.createIntent({
        amountCents: session.amountCents,
        currency: 'usd',
        description: `Checkout ${session.id}`,
        idempotencyKey: session.id,
        metadata: { ...session.metadata, sessionId: session.id },
      });
      intentId = intent.id;
      await this.repo.update(intentId, { successUrl: session.successUrl });
      await this.repo.update(session.id, { paymentIntentId: intentId });
    }
    const result = await this.payIntent(intentId, card, now);
    if (result.status === 'succeeded') await this.completeSession(session.id);
    return result.status === 'succeeded'
      ? { status: 'succeeded', redirectUrl: session.successUrl ?? undefined }
      : result;
  }

  /** The confirmation step's answer; returns where the browser goes next. */
  async authenticate(id: string, approve: boolean): Promise<string> {
    const row = await this.get(id, 'payment_intent');
    if (row.status === 'requires_action') {
      // the card asks for the confirmation step on every charge, renewals too
      if (approve) await this.succeed(row, 'asks', row.metadata.card_country ?? 'US');
      else {
        await this.repo.update(row.id, {
          status: 'requires_payment_method',
          lastError: decline('authentication_failed', langOf(row.metadata)),
        });
      }
    }
    const sessionId = row.metadata.sessionId;
    if (sessionId) {
      const session = await this.get(sessionId, 'checkout_session');
      if (approve) await this.completeSession(sessionId);
      return approve ? (session.successUrl ?? '/') : (session.cancelUrl ?? '/');
    }
    return row.successUrl ?? `/pago-exitoso?payment_intent=${row.id}`;
  }

  /** The local objects the pages show (404 when unknown or of the other kind). */
  async get(id: string, kind: LocalProviderObjectRow['kind']): Promise<LocalProviderObjectRow> {
    const row = /^(pi|cs)_local_[0-9a-f]{24}$/.test(id) ? await this.repo.find(id) : undefined;
    if (!row || row.kind !== kind) {
      throw new ProviderError(PAYMENT_ERRORS.notFound, 'Payment not found', 404);
    }
    return row;
  }

  /**
   * What was paid since `since`, as the provider objects the payments record: the PaymentIntent,
   * or the Checkout Session it paid (with the intent's id).
   */
  async paidSince(since: Date): Promise<Array<{ objectId: string; intentId: string }>> {
    const rows = await this.repo.succeededSince(since);
    return rows.map((r) => ({ objectId: r.metadata.sessionId ?? r.id, intentId: r.id }));
  }

  /**
   * The confirmation step's page. Like Stripe's, the link carries the payment's client secret: the
   * pages act only for whoever was given it (the buyer's browser), never from the id alone.
   */
  authenticateUrl(row: Pick<LocalProviderObjectRow, 'id' | 'clientSecret'>): string {
    return `/api/stripe/local/authenticate/${row.id}?client_secret=${encodeURIComponent(row.clientSecret)}`;
  }

  /** `get`, and 404 unless `secret` is the object's client secret (compared in constant time). */
  async getWithSecret(
    id: string,
    kind: LocalProviderObjectRow['kind'],
    secret: unknown,
  ): Promise<LocalProviderObjectRow> {
    const row = await this.get(id, kind);
    const given = Buffer.from(typeof secret === 'string' ? secret : '');
    const expected = Buffer.from(row.clientSecret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ProviderError(PAYMENT_ERRORS.notFound, 'Payment not found', 404);
    }
    return row;
  }

  /**
   * Marks the intent paid and keeps how its card behaves when charged again without the buyer
   * (a membership's renewal): it pays, it is declined, or it asks for the confirmation step.
   */
  private async succeed(
    row: LocalProviderObjectRow,
    savedCard: SavedCard,
    cardCountry: string,
  ): Promise<void> {
    await this.repo.update(row.id, {
      status: 'succeeded',
      lastError: null,
      metadata: { ...row.metadata, saved_card: savedCard, card_country: cardCountry },
    });
  }

  /** The country of the card that paid intent `id` (null: not paid by a card). */
  async cardCountry(id: string): Promise<string | null> {
    const row = await this.get(id, 'payment_intent');
    return row.status === 'succeeded' ? (row.metadata.card_country ?? null) : null;
  }

  /**
   * Charges the card that paid `paidIntentId` again, without the buyer (a membership's renewal),
   * as Stripe charges a saved payment method off session: a new PaymentIntent that succeeds, is
   * declined (the card that fails at renewal) or needs the confirmation step (3-D Secure).
   * The same idempotency key twice gives the same intent, charged once.
   */
  async chargeSaved(paidIntentId: string, input: CreateIntentInput): Promise<ProviderIntent> {
    const paid = await this.get(paidIntentId, 'payment_intent');
    const country = paid.metadata.card_country ?? 'US';
    const created = await this.createIntent(input);
    if (created.status !== 'requires_payment_method' || created.lastError) return created;
    const row = await this.get(created.id, 'payment_intent');
    const lang = langOf(row.metadata);
    switch ((paid.metadata.saved_card ?? 'pays') as SavedCard) {
      case 'pays':
        await this.succeed(row, 'pays', country);
        break;
      case 'asks':
        await this.repo.update(row.id, {
          status: 'requires_action',
          lastError: null,
          metadata: { ...row.metadata, card_country: country },
        });
        break;
      case 'declines':
        await this.repo.update(row.id, { lastError: decline('card_declined', lang) });
        break;
    }
    return this.retrieveIntent(row.id);
  }

  private async completeSession(id: string): Promise<void> {
    await this.repo.update(id, { status: 'complete' });
  }

  private async toSession(row: LocalProviderObjectRow): Promise<ProviderSession> {
    return {
      id: row.id,
      url: `/api/stripe/local/checkout/${row.id}?client_secret=${encodeURIComponent(row.clientSecret)}`,
      paid: row.status === 'complete',
      paymentIntentId: row.paymentIntentId,
      amountCents: row.amountCents,
      metadata: row.metadata,
    };
  }
}

/**
 * The path of a return URL: the local provider's pages are served by the shop itself, so they
 * send the browser back with a relative path and it stays on the origin it paid from.
 */
function pathOf(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

function toIntent(row: LocalProviderObjectRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
    lastError: row.lastError ?? null,
  };
}
