import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  COMMON_ERRORS,
  fromCents,
  PAYMENT_ERRORS,
  type CheckoutRequest,
  type CheckoutSessionResponse,
  type PaymentIntentResponse,
  type PurchaseOutcome,
  type PurchaseResult,
  type QuotedItem,
} from '@circo/shared-contracts';
import { AppError, badRequest, forbidden, notFound } from '../../common/errors/app-error.js';
import { JobsService } from '../jobs/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost, Transactional } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { PurchasesService } from '../purchases/index.js';
import { CheckoutPricingService, type Quote } from './checkout-pricing.service.js';
import { idempotencyKeyOf } from './idempotency.js';
import { PaymentsRepository } from './payments.repository.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import {
  PAYMENT_PROVIDER,
  type IntentStatus,
  type PaymentProvider,
} from './providers/payment-provider.js';
import { ReceiptsService } from './receipts.service.js';
import { shopBaseOf } from './shop-origin.js';

/** The job kind that gives back what a buyer paid for items already owned. */
export const REFUND_UNNEEDED_JOB = 'payment.refund-unneeded';

/**
 * A payment row reserved before its provider object exists (the provider is called after the
 * reserving transaction commits): its provider id is a placeholder until then.
 */
export const RESERVED = 'reserved';
const RESERVED_PREFIX = 'reserved_';

/** A second click within this time on the same cart reuses the payment it started. */
const REUSE_WINDOW_MS = 30 * 60 * 1000;
const MESSAGES: Record<PurchaseOutcome, string> = {
  registered: 'Purchase successfully registered',
  already_owned: 'You already had these courses/trainings in your account',
  processing: 'The payment is still being processed',
  failed: 'An error occurred while registering the purchase',
};
const STILL_PAYING: IntentStatus[] = [
  'processing',
  'requires_action',
  'requires_confirmation',
  'requires_capture',
];

/** What one fulfilment did: the grants it made now (empty when an earlier run made them). */
interface Fulfilment {
  payment: PaymentRow;
  newlyGranted: number;
}

/**
 * Checkout: prices the cart on the server, starts the provider's payment, and registers the paid
 * items exactly once, whichever of the confirm call, the success page, the local provider or a
 * Stripe webhook (or its redelivery) comes first, concurrently or not. A refund ends the access.
 */
/**
 * The provider_payment_id prefix of a free purchase (no card payment behind it): a PaymentIntent
 * id in form, so the confirm call takes it as any other.
 */
const FREE_PREFIX = 'pi_free_';

/** Whether the payment is a free purchase: 100% vouchers, registered without a card. */
export const isFree = (p: Pick<PaymentRow, 'amountCents' | 'providerPaymentId'>): boolean =>
  p.amountCents === 0 && p.providerPaymentId.startsWith(FREE_PREFIX);

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: PaymentsRepository,
    private readonly host: TransactionHost,
    private readonly pricing: CheckoutPricingService,
    private readonly purchases: PurchasesService,
    private readonly receipts: ReceiptsService,
    private readonly jobs: JobsService,
  ) {
    jobs.register(REFUND_UNNEEDED_JOB, (payload) =>
      this.refundUnneeded(String(payload.paymentId), Number(payload.ownedCents)),
    );
  }

  get providerName(): PaymentProvider['name'] {
    return this.provider.name;
  }

  /**
   * POST /stripe/crear-payment-intent. The buyer's lock (one checkout start per buyer at a time: a
   * double click reuses the first payment) and a pool connection are held only for the short
   * transaction that finds or reserves the payment row; the provider is called after it commits,
   * with the reserved payment's id as its idempotency key, so two clicks that both find the row
   * still reserved get the same provider object.
   */
  async createIntent(user: AuthUser, req: CheckoutRequest): Promise<PaymentIntentResponse> {
    this.assertSalesOpen();
    const now = new Date();
    const lang = req.lang ?? 'es';
    const quote = await this.pricing.quote(user.id, req.items, now);
    const key = idempotencyKeyOf(user.id, 'payment_intent', quote);
    const notPayable: string[] = [];
    let answer: { payment: PaymentRow; clientSecret: string } | undefined;
    // a reused payment the provider no longer takes (paid, canceled) is skipped once
    for (let round = 0; !answer && round < 3; round++) {
      const step = await this.host.run(async () => {
        await this.repo.lockUser(user.id);
        const since = new Date(now.getTime() - REUSE_WINDOW_MS);
        const open = await this.repo.findOpen(user.id, key, since, notPayable);
        if (open) return open;
        const paymentId = randomUUID();
        const free = quote.amountCents === 0;
        return this.repo.insertWithItems(
          {
            id: paymentId,
            userId: user.id,
            provider: this.provider.name,
            kind: 'payment_intent',
            // nothing to charge (100% vouchers): no card payment, the buyer confirms the purchase
            providerPaymentId: `${free ? FREE_PREFIX : RESERVED_PREFIX}${paymentId.replaceAll('-', '')}`,
            amountCents: quote.amountCents,
            status: free ? 'requires_confirmation' : RESERVED,
            idempotencyKey: key,
            lang,
          },
          itemRows(quote),
        );
      });
      if (isFree(step)) answer = { payment: step, clientSecret: '' };
      else if (step.status === RESERVED) answer = await this.createReservedIntent(step, quote);
      else {
        const intent = await this.provider.retrieveIntent(step.providerPaymentId);
        if (
          intent.status === 'requires_payment_method' ||
          intent.status === 'requires_confirmation'
        ) {
          answer = { payment: step, clientSecret: intent.clientSecret };
        } else notPayable.push(step.id);
      }
    }
    if (!answer) {
      throw new AppError(409, PAYMENT_ERRORS.providerError, 'The payment could not be started');
    }
    const { payment } = answer;
    return {
      clientSecret: answer.clientSecret,
      paymentIntentId: payment.providerPaymentId,
      provider: this.provider.name,
      amount: fromCents(quote.amountCents),
      currency: 'usd',
      items: this.quoted(quote, now),
      alreadyOwned: quote.alreadyOwned,
      ...(isFree(payment) && { free: true }),
    };
  }

  /**
   * The provider's PaymentIntent of a reserved payment, outside any transaction: the payment's id
   * is the idempotency key and the request is the same whoever sends it (the reserved row's
   * amount, items and language), so a second click, or a retry after a crash, gets the same
   * intent. Then the row gets the intent's id (an update that any of them may make).
   */
  private async createReservedIntent(
    reserved: PaymentRow,
    quote: Quote,
  ): Promise<{ payment: PaymentRow; clientSecret: string }> {
    let intent;
    try {
      intent = await this.provider.createIntent({
        amountCents: reserved.amountCents,
        currency: 'usd',
        description: describe(quote),
        idempotencyKey: reserved.id,
        metadata: { paymentId: reserved.id, userId: reserved.userId ?? '', lang: reserved.lang },
      });
    } catch (err) {
      // nothing is recorded of a payment the provider did not start (the buyer tries again)
      await this.repo.dropReserved(reserved.id);
      throw err;
    }
    const payment = await this.repo.attachIntent(reserved.id, intent.id, intent.status);
    if (!payment) {
      // a concurrent click's provider call failed and dropped the reservation meanwhile
      throw new AppError(409, PAYMENT_ERRORS.providerError, 'The payment could not be started');
    }
    return { payment, clientSecret: intent.clientSecret };
  }

  /**
   * POST /stripe/crear-sesion: a hosted checkout page (Stripe Checkout, or the local one) that
   * returns the buyer to the shop's origin they paid from (shop-origin.ts).
   */
  async createSession(
    user: AuthUser,
    req: CheckoutRequest,
    from: Pick<FastifyRequest, 'headers'> = { headers: {} },
  ): Promise<CheckoutSessionResponse> {
    const base = shopBaseOf(from, this.config);
    this.assertSalesOpen();
    const now = new Date();
    const lang = req.lang ?? 'es';
    const quote = await this.pricing.quote(user.id, req.items, now);
    if (quote.amountCents === 0) {
      // no card page for nothing to pay: the embedded checkout confirms a free purchase
      throw badRequest(
        PAYMENT_ERRORS.freeNeedsNoCard,
        'Nothing to pay: start it with /stripe/crear-payment-intent and confirm it',
      );
    }
    const paymentId = randomUUID();
    // no lock and no transaction around the provider call: each start is a session of its own
    // (a hosted page is not reused), recorded once the provider made it
    const session = await this.provider.createSession({
      amountCents: quote.amountCents,
      currency: 'usd',
      description: describe(quote),
      idempotencyKey: paymentId,
      metadata: { paymentId, userId: user.id, lang },
      lines: quote.lines.map((l) => ({
        name: l.title[lang] || l.title.es || l.title.en || l.title.fr,
        amountCents: l.priceCents,
      })),
      successUrl: `${base}/pago-exitoso`,
      cancelUrl: `${base}/pago-embed`,
      locale: lang,
    });
    await this.host.run(() =>
      this.repo.insertWithItems(
        {
          id: paymentId,
          userId: user.id,
          provider: this.provider.name,
          kind: 'checkout_session',
          providerPaymentId: session.id,
          amountCents: quote.amountCents,
          status: 'open',
          idempotencyKey: idempotencyKeyOf(user.id, 'checkout_session', quote),
          lang,
        },
        itemRows(quote),
      ),
    );
    return {
      id: session.id,
      url: session.url,
      provider: this.provider.name,
      amount: fromCents(quote.amountCents),
      items: this.quoted(quote, now),
      alreadyOwned: quote.alreadyOwned,
    };
  }

  /** POST /stripe/confirmar-compra-payment-intent: the buyer's own payment only. */
  async confirmIntent(user: AuthUser, paymentIntentId: string): Promise<PurchaseResult> {
    const payment = await this.paymentOf(user, paymentIntentId);
    // a free purchase has no card payment: confirming it is the purchase; a payment registered
    // already (the provider's page or webhook came first) was paid: a succeeded intent stays so
    if (isFree(payment) || payment.fulfilledAt) {
      return this.settle(payment, 'succeeded', paymentIntentId);
    }
    const intent = await this.provider.retrieveIntent(payment.providerIntentId ?? paymentIntentId);
    return this.settle(payment, intent.status, paymentIntentId);
  }

  /** GET /stripe/confirmar-compra?session_id= */
  async confirmSession(user: AuthUser, sessionId: string): Promise<PurchaseResult> {
    const payment = await this.paymentOf(user, sessionId);
    const session = await this.provider.retrieveSession(sessionId);
    if (session.paymentIntentId && !payment.providerIntentId) {
      await this.repo.update(payment.id, { providerIntentId: session.paymentIntentId });
    }
    return this.settle(payment, session.paid ? 'succeeded' : 'processing', sessionId);
  }

  /**
   * The provider says this object (a PaymentIntent or a Checkout Session) is paid: registers its
   * items (once) and sends the receipt. Used by the local provider's pages and by webhooks.
   */
  async fulfilProviderObject(
    id: string,
    intentId?: string,
    known?: PaymentRow,
  ): Promise<Fulfilment | null> {
    const payment = known ?? (await this.repo.findByProviderObject(this.provider.name, id));
    if (!payment) {
      this.logger.warn(`paid ${id} matches no payment: ignored`);
      return null;
    }
    if (intentId && !payment.providerIntentId) {
      await this.repo.update(payment.id, { providerIntentId: intentId });
    }
    return this.fulfilRead(payment);
  }

  /**
   * `fulfil` of a payment row read before: one registered already needs no transaction (a
   * payment's `fulfilledAt` is set once and never cleared), and its buyer is known.
   */
  private fulfilRead(payment: PaymentRow): Promise<Fulfilment> {
    if (payment.fulfilledAt) return Promise.resolve({ payment, newlyGranted: 0 });
    return this.fulfil(payment.id, new Date(), payment.userId);
  }

  /**
   * Registers a succeeded payment's items in one transaction, under a lock on the payment row,
   * so concurrent callers register them once; the first caller writes the receipt's job in the
   * same transaction. What the buyer owned already by then (two tabs paid overlapping carts) is
   * refunded by a job written there too: the whole payment when it granted nothing, else the
   * price paid for the owned items. Both run once the grants are committed, crash or not.
   */
  async fulfil(
    paymentId: string,
    now = new Date(),
    buyerId?: PaymentRow['userId'],
  ): Promise<Fulfilment> {
    return this.host.run(async () => {
      const result = await this.fulfilInTransaction(paymentId, now, buyerId);
      if (result.newlyGranted > 0) await this.receipts.send(result.payment.id);
      if (result.refundOwned || result.ownedCents > 0) {
        await this.jobs.enqueue(
          REFUND_UNNEEDED_JOB,
          { paymentId: result.payment.id, ownedCents: result.ownedCents },
          { key: `refund-unneeded:${result.payment.id}` },
        );
      }
      return result;
    });
  }

  /** Ends the access a refunded payment gave (idempotent: the webhook may repeat it). */
  @Transactional()
  async refundAccess(paymentId: string, now = new Date()): Promise<void> {
    const payment = await this.repo.lockById(paymentId);
    if (!payment) return;
    await this.purchases.refundPayment(payment.id, now);
    if (!payment.refundedAt) {
      await this.repo.update(payment.id, { status: 'refunded', refundedAt: now });
    }
  }

  /** POST /payments/{id}/refund (admin): refunds the card payment and ends its access now. */
  async refund(paymentId: string): Promise<{ refunded: true }> {
    const payment = await this.repo.findById(paymentId);
    if (!payment) throw notFound(PAYMENT_ERRORS.notFound, 'Payment not found');
    if (payment.status !== 'succeeded' && payment.status !== 'refunded') {
      throw new AppError(409, PAYMENT_ERRORS.providerError, 'Only a paid payment can be refunded');
    }
    // a free purchase has nothing to pay back: only its access ends
    if (!payment.refundedAt && !isFree(payment)) {
      await this.provider.refund(
        payment.providerIntentId ?? payment.providerPaymentId,
        `refund:${payment.id}`,
      );
    }
    await this.refundAccess(payment.id);
    return { refunded: true };
  }

  @Transactional()
  private async fulfilInTransaction(
    paymentId: string,
    now: Date,
    buyerId?: PaymentRow['userId'],
  ): Promise<Fulfilment & { refundOwned: boolean; ownedCents: number }> {
    // one fulfilment per buyer at a time (the lock checkout starts take): two payments of the
    // same item (two tabs with overlapping carts) paid at once must not both grant it; the buyer
    // first, then the payment, the order every path takes (a payment's buyer never changes, so
    // one the caller read before needs no second read)
    const userId = buyerId === undefined ? (await this.repo.findById(paymentId))?.userId : buyerId;
    if (userId) await this.repo.lockUser(userId);
    const payment = await this.repo.lockById(paymentId);
    if (!payment) throw notFound(PAYMENT_ERRORS.notFound, 'Payment not found');
    if (payment.fulfilledAt) {
      return { payment, newlyGranted: 0, refundOwned: false, ownedCents: 0 };
    }
    const items = await this.repo.items(payment.id);
    const outcome = await this.purchases.grantPaidItems(
      payment.userId ?? '',
      payment.id,
      items.map((i) => ({ type: i.itemType, id: i.itemId })),
      now,
    );
    await this.repo.update(payment.id, { status: 'succeeded', fulfilledAt: now });
    const owned = new Set(outcome.alreadyOwned.map((i) => `${i.type}:${i.id}`));
    const granted = outcome.granted.length;
    return {
      payment: { ...payment, status: 'succeeded', fulfilledAt: now },
      newlyGranted: granted,
      refundOwned: granted === 0,
      // only part of it was needed: the owned items' prices go back
      ownedCents:
        granted === 0
          ? 0
          : items
              .filter((i) => owned.has(`${i.itemType}:${i.itemId}`))
              .reduce((sum, i) => sum + i.priceCents, 0),
    };
  }

  /**
   * Paid for items the buyer already had (two tabs paid overlapping carts): that money goes back,
   * the whole payment when it granted nothing (it is then marked refunded), else the owned items'
   * prices (the payment stays paid for the rest, as a partial refund does in Stripe; those items
   * are marked refunded on their own, for the sales dashboard). A job: a failure throws and is
   * retried; the provider's idempotency key keeps a repeat from paying twice.
   */
  private async refundUnneeded(paymentId: string, ownedCents: number): Promise<void> {
    const payment = await this.repo.findById(paymentId);
    if (!payment) return;
    const intent = payment.providerIntentId ?? payment.providerPaymentId;
    if (ownedCents > 0) {
      await this.provider.refund(intent, `refund-owned:${payment.id}`, ownedCents);
      // the items it granted nothing for are the ones paid back: the sales dashboard subtracts them
      const granted = new Set(
        (await this.purchases.grantsOfPayment(payment.id)).map((g) => `${g.itemType}:${g.itemId}`),
      );
      const owned = (await this.repo.items(payment.id)).filter(
        (i) => !granted.has(`${i.itemType}:${i.itemId}`),
      );
      await this.repo.markItemsRefunded(
        payment.id,
        owned.map((i) => i.id),
        new Date(),
      );
      this.logger.log(
        `payment ${payment.id} included items already owned: ${ownedCents} cents refunded`,
      );
      return;
    }
    if (payment.refundedAt) return;
    if (!isFree(payment)) await this.provider.refund(intent, `refund:${payment.id}`);
    await this.repo.update(payment.id, { status: 'refunded', refundedAt: new Date() });
    this.logger.log(`payment ${payment.id} bought only items already owned: refunded`);
  }

  private async settle(
    payment: PaymentRow,
    status: IntentStatus,
    providerId: string,
  ): Promise<PurchaseResult> {
    if (status === 'succeeded') {
      const { payment: paid } = await this.fulfilRead(payment);
      const grants = await this.purchases.grantsOfPayment(paid.id);
      const titles = new Map(
        (await this.repo.items(paid.id)).map((i) => [`${i.itemType}:${i.itemId}`, i]),
      );
      const outcome: PurchaseOutcome = grants.length > 0 ? 'registered' : 'already_owned';
      return {
        success: true,
        outcome,
        message: MESSAGES[outcome],
        paymentIntentId: providerId,
        items: grants.map((g) => ({
          id: g.itemId,
          type: g.itemType,
          title: titles.get(`${g.itemType}:${g.itemId}`)?.title ?? { es: '', en: '', fr: '' },
          accessEndsAt: g.expiresAt.toISOString(),
        })),
      };
    }
    const outcome: PurchaseOutcome = STILL_PAYING.includes(status) ? 'processing' : 'failed';
    if (payment.status !== status && !payment.fulfilledAt) {
      await this.repo.update(payment.id, { status });
    }
    return {
      success: false,
      outcome,
      message: MESSAGES[outcome],
      paymentIntentId: providerId,
      items: [],
    };
  }

  /** The caller's payment made through this provider object: 404 when unknown, 403 when not theirs. */
  async paymentOf(user: AuthUser, providerId: string): Promise<PaymentRow> {
    const payment = await this.repo.findByProviderObject(this.provider.name, providerId);
    if (!payment) throw notFound(PAYMENT_ERRORS.notFound, 'Payment not found');
    if (payment.userId !== user.id) {
      throw forbidden(PAYMENT_ERRORS.notYours, 'This payment belongs to another account');
    }
    return payment;
  }

  private assertSalesOpen(): void {
    if (this.config.salesPaused) {
      throw new AppError(
        503,
        COMMON_ERRORS.salesPaused,
        'Sales are paused for maintenance: no course or training can be bought right now',
      );
    }
  }

  private quoted(quote: Quote, now: Date): QuotedItem[] {
    return quote.lines.map((l) => ({
      id: l.id,
      type: l.type,
      title: l.title,
      listPrice: fromCents(l.listPriceCents),
      price: fromCents(l.priceCents),
      discount: l.discount
        ? {
            name: l.discount.name,
            percentage: l.discount.percentage,
            amount: fromCents(l.discount.amountCents),
          }
        : null,
      accessEndsAt: this.purchases
        .accessEndsAt(l.accessStartsAt.getTime() > now.getTime() ? l.accessStartsAt : now)
        .toISOString(),
    }));
  }
}

const describe = (quote: Quote) =>
  quote.lines.map((l) => l.title.es || l.title.en || l.title.fr).join(', ');

function itemRows(quote: Quote) {
  return quote.lines.map((l) => ({
    itemType: l.type,
    itemId: l.id,
    title: l.title,
    listPriceCents: l.listPriceCents,
    priceCents: l.priceCents,
    discountId: l.discount?.id ?? null,
    discountName: l.discount?.name ?? null,
    discountPercentage: l.discount?.percentage ?? null,
    discountAmountCents: l.discount?.amountCents ?? null,
  }));
}
