import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_ERRORS, type BillingDetails, type Lang } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import { InvoicesService } from '../invoicing/index.js';
import { PaymentsRepository } from './payments.repository.js';
import { LocalPaymentProvider } from './providers/local-payment.provider.js';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type IntentStatus,
  type ProviderIntent,
} from './providers/payment-provider.js';

/**
 * What the memberships module does with a paid subscription payment (inside its transaction);
 * it answers the billing details kept on the subscription (its invoice's), or null.
 */
export type SubscriptionPaidHandler = (
  payment: PaymentRow,
  now: Date,
) => Promise<BillingDetails | null>;

export interface StartedPayment {
  payment: PaymentRow;
  clientSecret: string;
  status: ProviderIntent['status'];
}

/**
 * The card payments of memberships: a period's payment is a `payments` row of purpose
 * `subscription` (no items), paid and confirmed as a purchase's is (the same Payment Element,
 * the same local confirm call, the same webhooks). What its success means is the memberships
 * module's: it registers its handler here, and PaymentsService calls it once per payment.
 */
@Injectable()
export class SubscriptionPaymentsService {
  private handler: SubscriptionPaidHandler | null = null;

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly repo: PaymentsRepository,
    private readonly host: TransactionHost,
    private readonly local: LocalPaymentProvider,
    private readonly invoices: InvoicesService,
  ) {}

  get providerName(): PaymentProvider['name'] {
    return this.provider.name;
  }

  onPaid(handler: SubscriptionPaidHandler): void {
    this.handler = handler;
  }

  /** Called by PaymentsService's fulfilment, in its transaction, once per paid payment. */
  async paid(payment: PaymentRow, now: Date): Promise<BillingDetails | null> {
    if (!this.handler) throw new Error('no handler of paid subscription payments is registered');
    return this.handler(payment, now);
  }

  /**
   * Reserves a payment row for a period of `amountCents` (in the caller's transaction, if any).
   * The provider is asked later, outside the transaction (`createIntent`, `chargeSaved`).
   */
  reserve(input: { userId: string; amountCents: number; lang: Lang }): Promise<PaymentRow> {
    const id = randomUUID();
    return this.repo.insertWithItems(
      {
        id,
        userId: input.userId,
        provider: this.provider.name,
        kind: 'payment_intent',
        purpose: 'subscription',
        providerPaymentId: `reserved_${id.replaceAll('-', '')}`,
        amountCents: input.amountCents,
        status: 'reserved',
        lang: input.lang,
      },
      [],
    );
  }

  /**
   * The PaymentIntent of a reserved payment, for the buyer to pay in the Payment Element (the
   * first period). Its id is the idempotency key: a retry gets the same intent. A payment that has
   * its intent already answers it as it is now.
   */
  async createIntent(reserved: PaymentRow, description: string): Promise<StartedPayment> {
    if (reserved.status !== 'reserved') {
      const intent = await this.provider.retrieveIntent(reserved.providerPaymentId);
      return { payment: reserved, clientSecret: intent.clientSecret, status: intent.status };
    }
    const intent = await this.withReservation(reserved, () =>
      this.provider.createIntent({
        amountCents: reserved.amountCents,
        currency: 'usd',
        description,
        idempotencyKey: reserved.id,
        metadata: this.metadata(reserved),
      }),
    );
    return this.attached(reserved, intent);
  }

  /**
   * A renewal with the local provider: charges the card that paid `paidWith` again, without the
   * buyer. Succeeded, declined, or waiting for the confirmation step, as the card behaves.
   */
  async chargeSaved(
    reserved: PaymentRow,
    paidWith: PaymentRow,
    description: string,
  ): Promise<StartedPayment> {
    if (reserved.status !== 'reserved') return this.createIntent(reserved, description);
    const intent = await this.withReservation(reserved, () =>
      this.local.chargeSaved(paidWith.providerIntentId ?? paidWith.providerPaymentId, {
        amountCents: reserved.amountCents,
        currency: 'usd',
        description,
        idempotencyKey: reserved.id,
        metadata: this.metadata(reserved),
      }),
    );
    return this.attached(reserved, intent);
  }

  /**
   * A reserved payment whose provider object another call makes (Stripe Billing's first invoice):
   * the reservation goes when that call fails, else it gets the object's PaymentIntent.
   */
  async startWith(
    reserved: PaymentRow,
    call: () => Promise<{ paymentIntentId: string; clientSecret: string; status: IntentStatus }>,
  ): Promise<StartedPayment> {
    let made: Awaited<ReturnType<typeof call>>;
    try {
      made = await call();
    } catch (err) {
      await this.host.run(() => this.repo.dropReserved(reserved.id));
      throw err;
    }
    const payment = await this.repo.attachIntent(reserved.id, made.paymentIntentId, made.status);
    if (!payment) {
      throw new AppError(409, PAYMENT_ERRORS.providerError, 'The payment could not be started');
    }
    return { payment, clientSecret: made.clientSecret, status: made.status };
  }

  /**
   * The payment row of a provider invoice's PaymentIntent (a renewal Stripe charged on its own):
   * made once, whoever comes first (the provider's id is unique), else the one recorded.
   */
  recordProviderPayment(input: {
    userId: string;
    amountCents: number;
    lang: Lang;
    paymentIntentId: string;
    status: IntentStatus;
  }): Promise<PaymentRow> {
    return this.repo.insertWithItems(
      {
        userId: input.userId,
        provider: this.provider.name,
        kind: 'payment_intent',
        purpose: 'subscription',
        providerPaymentId: input.paymentIntentId,
        providerIntentId: input.paymentIntentId,
        amountCents: input.amountCents,
        status: input.status,
        lang: input.lang,
      },
      [],
    );
  }

  /**
   * Takes the buyer's lock, the one a fulfilment takes first (in the open transaction): what
   * changes a subscription before fulfilling its payment takes it before the subscription's row.
   */
  lockBuyer(userId: string): Promise<void> {
    return this.repo.lockUser(userId);
  }

  /** The link of the local provider's confirmation step of an intent (a renewal's 3-D Secure). */
  async confirmationLink(payment: PaymentRow): Promise<string> {
    const row = await this.local.get(payment.providerPaymentId, 'payment_intent');
    return this.local.authenticateUrl(row);
  }

  findPayment(id: string): Promise<PaymentRow | undefined> {
    return this.repo.findById(id);
  }

  /** Refunds a period's card payment (the coach's "refund the last period"), with its credit note. */
  async refund(payment: PaymentRow): Promise<void> {
    if (payment.refundedAt) return;
    await this.provider.refund(
      payment.providerIntentId ?? payment.providerPaymentId,
      `refund:${payment.id}`,
    );
    await this.host.run(async () => {
      await this.repo.update(payment.id, { status: 'refunded', refundedAt: new Date() });
      await this.invoices.credit(payment.id, `refund:${payment.id}`);
    });
  }

  private metadata(p: PaymentRow): Record<string, string> {
    return { paymentId: p.id, userId: p.userId ?? '', lang: p.lang, purpose: 'subscription' };
  }

  private async withReservation(
    reserved: PaymentRow,
    call: () => Promise<ProviderIntent>,
  ): Promise<ProviderIntent> {
    try {
      return await call();
    } catch (err) {
      // nothing is recorded of a payment the provider did not start
      await this.host.run(() => this.repo.dropReserved(reserved.id));
      throw err;
    }
  }

  private async attached(reserved: PaymentRow, intent: ProviderIntent): Promise<StartedPayment> {
    const payment = await this.repo.attachIntent(reserved.id, intent.id, intent.status);
    if (!payment) {
      throw new AppError(409, PAYMENT_ERRORS.providerError, 'The payment could not be started');
    }
    return { payment, clientSecret: intent.clientSecret, status: intent.status };
  }
}
