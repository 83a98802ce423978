import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  PAYMENT_ERRORS,
  type BillingDetails,
  type PurchaseOutcome,
  type PurchaseResult,
} from '@circo/shared-contracts';
import { AppError, forbidden, notFound } from '../../common/errors/app-error.js';
import { JobsService } from '../jobs/index.js';
import { TransactionHost, Transactional } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { InvoicesService, MEMBERSHIP_LINE, type InvoiceLineInput } from '../invoicing/index.js';
import { PurchasesService } from '../purchases/index.js';
import { PaymentsRepository } from './payments.repository.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import type { PaymentBillingRow } from '../../database/tables/invoicing.table.js';
import {
  PAYMENT_PROVIDER,
  type IntentStatus,
  type PaymentProvider,
} from './providers/payment-provider.js';
import { CardCountryService } from './card-country.service.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionPaymentsService } from './subscription-payments.service.js';

/** The job kind that gives back what a buyer paid for items already owned. */
export const REFUND_UNNEEDED_JOB = 'payment.refund-unneeded';

/**
 * A payment row reserved before its provider object exists (the provider is called after the
 * reserving transaction commits): its provider id is a placeholder until then.
 */
export const RESERVED = 'reserved';

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

/** What registering a payment did, and the invoice its caller issues last (when registered now). */
interface Registration extends Fulfilment {
  refundOwned: boolean;
  ownedCents: number;
  fulfilledNow: boolean;
  invoice?: {
    lines: InvoiceLineInput[];
    billedTo?: BillingDetails | null;
    /** the payment's billing evidence, read with its lock (null: checkout kept none) */
    billing: PaymentBillingRow | null;
  };
}

/**
 * The provider_payment_id prefix of a free purchase (no card payment behind it): a PaymentIntent
 * id in form, so the confirm call takes it as any other.
 */
export const FREE_PREFIX = 'pi_free_';

/** Whether the payment is a free purchase: 100% vouchers, registered without a card. */
export const isFree = (p: Pick<PaymentRow, 'amountCents' | 'providerPaymentId'>): boolean =>
  p.amountCents === 0 && p.providerPaymentId.startsWith(FREE_PREFIX);

/**
 * Checkout's second half (the first, starting a payment, is CheckoutStartService): registers the
 * paid items exactly once, whichever of the confirm call, the success page, the local provider or
 * a Stripe webhook (or its redelivery) comes first, concurrently or not. A refund ends the access.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly repo: PaymentsRepository,
    private readonly host: TransactionHost,
    private readonly purchases: PurchasesService,
    private readonly receipts: ReceiptsService,
    private readonly jobs: JobsService,
    private readonly subscriptions: SubscriptionPaymentsService,
    private readonly invoices: InvoicesService,
    private readonly cardCountry: CardCountryService,
  ) {}

  get providerName(): PaymentProvider['name'] {
    return this.provider.name;
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
   * `cardCountry`: the paying card's country when the caller has it (else the provider is asked).
   */
  async fulfilProviderObject(
    id: string,
    intentId?: string,
    known?: PaymentRow,
    cardCountry?: string,
  ): Promise<Fulfilment | null> {
    const payment = known ?? (await this.repo.findByProviderObject(this.provider.name, id));
    if (!payment) {
      this.logger.warn(`paid ${id} matches no payment: ignored`);
      return null;
    }
    if (intentId && !payment.providerIntentId) {
      await this.repo.update(payment.id, { providerIntentId: intentId });
    }
    return this.fulfilRead(payment, cardCountry);
  }

  /**
   * `fulfil` of a payment row read before: one registered already needs no transaction (a
   * payment's `fulfilledAt` is set once and never cleared), and its buyer is known.
   */
  private fulfilRead(payment: PaymentRow, cardCountry?: string): Promise<Fulfilment> {
    if (payment.fulfilledAt) return Promise.resolve({ payment, newlyGranted: 0 });
    return this.fulfil(payment.id, new Date(), payment.userId, cardCountry);
  }

  /**
   * Registers a succeeded payment's items in one transaction, under a lock on the payment row,
   * so concurrent callers register them once; the first caller writes the receipt's job in the
   * same transaction. What the buyer owned already by then (two tabs paid overlapping carts) is
   * refunded by a job written there too: the whole payment when it granted nothing, else the
   * price paid for the owned items. Both run once the grants are committed, crash or not. The
   * card's country is kept with the invoice when the caller knows it, else asked of the provider
   * after the commit.
   */
  async fulfil(
    paymentId: string,
    now = new Date(),
    buyerId?: PaymentRow['userId'],
    cardCountry?: string,
  ): Promise<Fulfilment> {
    const fulfilled = await this.host.run(async () => {
      const result = await this.fulfilInTransaction(paymentId, now, buyerId);
      if (result.newlyGranted > 0) await this.receipts.send(result.payment.id);
      if (result.refundOwned || result.ownedCents > 0) {
        await this.jobs.enqueue(
          REFUND_UNNEEDED_JOB,
          { paymentId: result.payment.id, ownedCents: result.ownedCents },
          { key: `refund-unneeded:${result.payment.id}` },
        );
      }
      // the invoice last: its counter row, which every other payment waits on, is held to the commit
      const bill = result.invoice;
      const invoice = bill
        ? await this.invoices.issue(result.payment, bill.lines, now, bill.billedTo, {
            billing: bill.billing,
            cardCountry,
          })
        : null;
      return { ...result, cardCountryKept: Boolean(invoice && cardCountry) };
    });
    if (fulfilled.fulfilledNow && !fulfilled.cardCountryKept) {
      await this.cardCountry.keep(fulfilled.payment);
    }
    return fulfilled;
  }

  /**
   * Ends the access a refunded payment gave and issues the credit note of what its invoice has
   * not credited yet (idempotent: the webhook may repeat it).
   */
  @Transactional()
  async refundAccess(paymentId: string, now = new Date()): Promise<void> {
    const payment = await this.repo.lockById(paymentId);
    if (!payment) return;
    await this.purchases.refundPayment(payment.id, now);
    if (!payment.refundedAt) {
      await this.repo.update(payment.id, { status: 'refunded', refundedAt: now });
    }
    await this.invoices.credit(payment.id, `refund:${payment.id}`, {}, now);
  }

  /**
   * A part of a paid payment went back (a goodwill refund made at the provider): its credit note,
   * once per refund. The access stays.
   */
  @Transactional()
  async partialRefund(paymentId: string, refundKey: string, amountCents: number): Promise<void> {
    const payment = await this.repo.lockById(paymentId);
    if (!payment) return;
    await this.invoices.credit(payment.id, refundKey, { amountCents });
  }

  /** How much of a payment its credit notes gave back so far, in cents. */
  creditedCents(paymentId: string): Promise<number> {
    return this.invoices.creditedCents(paymentId);
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
  ): Promise<Registration> {
    // one fulfilment per buyer at a time (the lock checkout starts take): two payments of the
    // same item (two tabs with overlapping carts) paid at once must not both grant it; the buyer
    // first, then the payment, the order every path takes (a payment's buyer never changes, so
    // one the caller read before needs no second read)
    const userId = buyerId === undefined ? (await this.repo.findById(paymentId))?.userId : buyerId;
    if (userId) await this.repo.lockUser(userId);
    const locked = await this.repo.lockWithBilling(paymentId);
    if (!locked) throw notFound(PAYMENT_ERRORS.notFound, 'Payment not found');
    const { payment, billing } = locked;
    if (payment.fulfilledAt) {
      return { payment, newlyGranted: 0, refundOwned: false, ownedCents: 0, fulfilledNow: false };
    }
    if (payment.purpose === 'subscription') {
      // a membership's period: the memberships module records it (its mail is its own)
      const billedTo = await this.subscriptions.paid(payment, now);
      await this.repo.update(payment.id, { status: 'succeeded', fulfilledAt: now });
      return {
        payment: { ...payment, status: 'succeeded', fulfilledAt: now },
        newlyGranted: 0,
        refundOwned: false,
        ownedCents: 0,
        fulfilledNow: true,
        invoice: {
          lines: [{ ref: 'subscription', title: MEMBERSHIP_LINE, cents: payment.amountCents }],
          billedTo,
          billing,
        },
      };
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
      fulfilledNow: true,
      // the invoice of what was paid; items already owned go back by a credit note of their own
      invoice: {
        lines: items.map((i) => ({
          ref: `${i.itemType}:${i.itemId}`,
          title: i.title,
          cents: i.priceCents,
        })),
        billing,
      },
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

  private async settle(
    payment: PaymentRow,
    status: IntentStatus,
    providerId: string,
  ): Promise<PurchaseResult> {
    if (status === 'succeeded' && payment.purpose === 'subscription') {
      await this.fulfilRead(payment);
      return {
        success: true,
        outcome: 'registered',
        message: 'Membership payment registered',
        paymentIntentId: providerId,
        items: [],
        membership: true,
      };
    }
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
}
