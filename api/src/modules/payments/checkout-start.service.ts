import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  COMMON_ERRORS,
  fromCents,
  PAYMENT_ERRORS,
  rateBpToPercent,
  type CheckoutRequest,
  type CheckoutSessionResponse,
  type PaymentIntentResponse,
  type QuotedItem,
} from '@circo/shared-contracts';
import { AppError, badRequest } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { BillingService, type BillingQuote } from '../invoicing/index.js';
import { PurchasesService } from '../purchases/index.js';
import { CheckoutPricingService, type Quote } from './checkout-pricing.service.js';
import { idempotencyKeyOf } from './idempotency.js';
import { PaymentsRepository } from './payments.repository.js';
import { FREE_PREFIX, isFree, RESERVED } from './payments.service.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { shopBaseOf } from './shop-origin.js';
import { StripeTaxService } from './stripe-tax.service.js';

const RESERVED_PREFIX = 'reserved_';
/** A second click within this time on the same cart reuses the payment it started. */
const REUSE_WINDOW_MS = 30 * 60 * 1000;

/**
 * Checkout's first half: prices the cart on the server and starts the provider's payment (an
 * embedded PaymentIntent or a hosted checkout page), recording it with its items. Registering
 * what was paid is PaymentsService's.
 */
@Injectable()
export class CheckoutStartService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: PaymentsRepository,
    private readonly host: TransactionHost,
    private readonly pricing: CheckoutPricingService,
    private readonly purchases: PurchasesService,
    private readonly billing: BillingService,
    private readonly stripeTax: StripeTaxService,
  ) {}

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
    // the VAT of the buyer's country: inside the price (the default) or added to it
    // (with Stripe keys and Stripe Tax on, Stripe's calculation: what the PaymentIntent charges)
    const lineCents = quote.lines.map((l) => l.priceCents);
    const tax = await this.stripeTax.quote(
      await this.billing.quote(user.id, req.billing, lineCents),
      lineCents,
    );
    const amountCents = tax.total.totalCents;
    const key = idempotencyKeyOf(user.id, 'payment_intent', quote, billingKey(tax));
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
        const free = amountCents === 0;
        const reserved = await this.repo.insertWithItems(
          {
            id: paymentId,
            userId: user.id,
            provider: this.provider.name,
            kind: 'payment_intent',
            // nothing to charge (100% vouchers): no card payment, the buyer confirms the purchase
            providerPaymentId: `${free ? FREE_PREFIX : RESERVED_PREFIX}${paymentId.replaceAll('-', '')}`,
            amountCents,
            status: free ? 'requires_confirmation' : RESERVED,
            idempotencyKey: key,
            lang,
          },
          itemRows(quote),
        );
        // the tax quoted and the evidence of the buyer's country, kept with the payment
        await this.billing.record(paymentId, user.id, tax);
        return reserved;
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
      amount: fromCents(payment.amountCents),
      currency: 'usd',
      tax: taxAnswer(tax),
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
    const tax = await this.billing.quote(
      user.id,
      req.billing,
      quote.lines.map((l) => l.priceCents),
    );
    const amountCents = tax.total.totalCents;
    if (amountCents === 0) {
      // no card page for nothing to pay: the embedded checkout confirms a free purchase
      throw badRequest(
        PAYMENT_ERRORS.freeNeedsNoCard,
        'Nothing to pay: start it with /stripe/crear-payment-intent and confirm it',
      );
    }
    const paymentId = randomUUID();
    // no lock and no transaction around the provider call: each start is a session of its own
    // (a hosted page is not reused), recorded once the provider made it
    const lines = quote.lines.map((l) => ({
      name: l.title[lang] || l.title.es || l.title.en || l.title.fr,
      amountCents: l.priceCents,
    }));
    // VAT added to prices that do not include it: a line of its own on the hosted page
    if (!tax.pricesIncludeTax && tax.total.taxCents > 0) {
      lines.push({
        name: `VAT ${rateBpToPercent(tax.decision.rateBp)}%`,
        amountCents: tax.total.taxCents,
      });
    }
    const session = await this.provider.createSession({
      amountCents,
      currency: 'usd',
      description: describe(quote),
      idempotencyKey: paymentId,
      metadata: { paymentId, userId: user.id, lang },
      lines,
      successUrl: `${base}/pago-exitoso`,
      cancelUrl: `${base}/pago-embed`,
      locale: lang,
    });
    await this.host.run(async () => {
      await this.repo.insertWithItems(
        {
          id: paymentId,
          userId: user.id,
          provider: this.provider.name,
          kind: 'checkout_session',
          providerPaymentId: session.id,
          amountCents,
          status: 'open',
          idempotencyKey: idempotencyKeyOf(user.id, 'checkout_session', quote, billingKey(tax)),
          lang,
        },
        itemRows(quote),
      );
      await this.billing.record(paymentId, user.id, tax);
    });
    return {
      id: session.id,
      url: session.url,
      provider: this.provider.name,
      amount: fromCents(amountCents),
      items: this.quoted(quote, now),
      alreadyOwned: quote.alreadyOwned,
    };
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

/** Who a payment is billed to and at what tax: part of what makes two checkout starts the same. */
const billingKey = (t: BillingQuote): string =>
  [t.name, t.country, t.taxId ?? '', t.decision.rateBp, t.total.totalCents].join('|');

/** The tax of a quote as the checkout (and a membership's start) answers it. */
export const taxAnswer = (t: BillingQuote): PaymentIntentResponse['tax'] => ({
  rate: rateBpToPercent(t.decision.rateBp),
  amount: fromCents(t.total.taxCents),
  net: fromCents(t.total.netCents),
  country: t.country,
  countrySource: t.countrySource,
  scheme: t.decision.scheme,
  reverseCharge: t.decision.reverseCharge,
  included: t.pricesIncludeTax,
});

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
