import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Lang } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type {
  NewSubscriptionRow,
  SubscriptionRow,
} from '../../database/tables/memberships.table.js';
import { JobHandler, JobsService, type JobPayload } from '../jobs/index.js';
import {
  BILLING_PROVIDER,
  PaymentsService,
  SubscriptionPaymentsService,
  WebhooksService,
  type BillingInvoice,
  type BillingProvider,
  type IntentStatus,
  type ProviderEvent,
} from '../payments/index.js';
import { MembershipBillingService } from './membership-billing.service.js';
import { graceEnd } from './periods.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Ends a past-due subscription whose grace ended unpaid (with Stripe: its retries stop). */
export const MEMBERSHIP_GRACE_JOB = 'memberships.grace-end';

export const INVOICE_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const;
export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** What an invoice event says of its PaymentIntent, as the payment row records it. */
const STATUS_OF: Record<string, IntentStatus> = {
  'invoice.paid': 'processing',
  'invoice.payment_failed': 'requires_payment_method',
  'invoice.payment_action_required': 'requires_action',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * Stripe Billing's webhooks applied to memberships, each once (its id recorded with what it did)
 * and in any order: an invoice paid records its period through the one fulfilment (the confirm
 * call may have done it first); a renewal declined or waiting for 3-D Secure makes the
 * subscription past due for the grace period, with its e-mail; a subscription's snapshot older
 * than the last one applied changes nothing; a deleted subscription ends.
 */
@Injectable()
export class BillingEventsService {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BILLING_PROVIDER) private readonly billing: BillingProvider | null,
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly subscriptions: SubscriptionsService,
    private readonly providerSide: MembershipBillingService,
    private readonly payments: SubscriptionPaymentsService,
    private readonly fulfilment: PaymentsService,
    private readonly jobs: JobsService,
    webhooks: WebhooksService,
  ) {
    webhooks.on<BillingInvoice | null>(INVOICE_EVENTS, {
      // the invoice's PaymentIntent is not in the event: it is read before the transaction
      prepare: (event) => {
        const id = str(event.object.id);
        return id && this.billing ? this.billing.retrieveInvoice(id) : Promise.resolve(null);
      },
      apply: (event, invoice) => (invoice ? this.invoice(event.type, invoice) : Promise.resolve()),
    });
    webhooks.on<null>(SUBSCRIPTION_EVENTS, {
      prepare: () => Promise.resolve(null),
      apply: (event) => this.subscriptionChanged(event),
    });
  }

  @JobHandler(MEMBERSHIP_GRACE_JOB)
  protected async runGraceOver(payload: JobPayload): Promise<void> {
    await this.graceOver(String(payload.subscriptionId));
  }

  /** An invoice of a subscription was paid, declined, or waits for the card's confirmation. */
  private async invoice(type: string, inv: BillingInvoice): Promise<void> {
    if (!inv.subscriptionId) return;
    const found = await this.subscriptionOf(inv.subscriptionId, inv.ourSubscriptionId, false);
    if (!found || !inv.paymentIntentId) {
      this.logger.warn(`${type} ${inv.id}: no subscription or payment of ours`);
      return;
    }
    // the buyer's lock first, as the fulfilment takes it, then the subscription's row
    await this.payments.lockBuyer(found.userId);
    const sub = (await this.repo.lock(found.id))!;
    const payment = await this.payments.recordProviderPayment({
      userId: sub.userId,
      amountCents: inv.amountCents || sub.priceCents,
      lang: sub.lang as Lang,
      paymentIntentId: inv.paymentIntentId,
      status: STATUS_OF[type] ?? 'processing',
    });
    // paid already (a report of an earlier failed attempt arriving late changes nothing)
    if (payment.fulfilledAt) return;
    if (type === 'invoice.paid') {
      if (sub.duePaymentId !== payment.id) {
        await this.repo.update(sub.id, { duePaymentId: payment.id });
      }
      await this.fulfilment.fulfil(payment.id);
      return;
    }
    // the first payment is the Payment Element's to retry; an ended subscription has nothing due
    if (sub.status === 'incomplete' || sub.status === 'canceled') return;
    if (sub.status === 'past_due') {
      if (sub.duePaymentId !== payment.id) {
        await this.repo.update(sub.id, { duePaymentId: payment.id });
      }
      return;
    }
    const graceUntil = graceEnd(sub.currentPeriodEnd!, this.config.memberships.graceDays);
    await this.repo.update(sub.id, { status: 'past_due', graceUntil, duePaymentId: payment.id });
    const needsAction = type === 'invoice.payment_action_required';
    await this.subscriptions.mail(sub.id, needsAction ? 'action' : 'failed', payment.id, {
      // Stripe's page of the invoice takes the confirmation step
      ...(needsAction && inv.hostedUrl && { link: inv.hostedUrl }),
    });
    await this.jobs.enqueue(
      MEMBERSHIP_GRACE_JOB,
      { subscriptionId: sub.id },
      {
        key: `membership-grace:${sub.id}:${graceUntil.toISOString()}`,
        delayMs: Math.max(1, graceUntil.getTime() - Date.now()),
      },
    );
  }

  /** customer.subscription.updated / .deleted: the cancel at the period's end, or the end. */
  private async subscriptionChanged(event: ProviderEvent): Promise<void> {
    const o = event.object;
    const metadata = (o.metadata ?? {}) as Record<string, unknown>;
    const sub = await this.subscriptionOf(str(o.id), str(metadata.subscriptionId), true);
    if (!sub || sub.status === 'canceled') return;
    const status = str(o.status);
    if (
      event.type === 'customer.subscription.deleted' ||
      status === 'canceled' ||
      status === 'incomplete_expired'
    ) {
      const endedAt = typeof o.ended_at === 'number' ? new Date(o.ended_at * 1000) : new Date();
      await this.subscriptions.end(sub, endedAt);
      return;
    }
    const at = new Date(event.created);
    // an older snapshot than the one applied last: what it says was changed since
    if (sub.providerEventAt && sub.providerEventAt.getTime() > at.getTime()) return;
    const cancel = o.cancel_at_period_end === true || typeof o.cancel_at === 'number';
    const changes: Partial<NewSubscriptionRow> = { providerEventAt: at };
    if (sub.status !== 'incomplete' && cancel !== sub.cancelAtPeriodEnd) {
      // cancelled or resumed on the Customer Portal
      changes.cancelAtPeriodEnd = cancel;
      changes.canceledAt = cancel ? at : null;
      if (cancel) await this.subscriptions.mail(sub.id, 'canceled', `${at.getTime()}`);
    }
    await this.repo.update(sub.id, changes);
  }

  /**
   * A past-due subscription whose grace ended unpaid ends (with Stripe, its subscription there
   * is cancelled first, so its retries stop with our grace). Answers whether it ended it.
   */
  async graceOver(id: string, now = new Date()): Promise<boolean> {
    const over = (s: SubscriptionRow | undefined): s is SubscriptionRow =>
      !!s && s.status === 'past_due' && !!s.graceUntil && s.graceUntil <= now;
    const sub = await this.repo.find(id);
    if (!over(sub)) return false;
    await this.providerSide.endNow(sub);
    return this.host.run(async () => {
      const locked = await this.repo.lock(id);
      if (!over(locked)) return false;
      await this.subscriptions.end(locked, locked.graceUntil!);
      return true;
    });
  }

  /** Ours, by the provider's id, else by the id its metadata carries (locked or not). */
  private async subscriptionOf(
    providerId: string | undefined,
    ourId: string | null | undefined,
    lock: boolean,
  ): Promise<SubscriptionRow | undefined> {
    const byProvider = providerId && (await this.repo.byProviderId('stripe', providerId, lock));
    if (byProvider) return byProvider;
    if (!ourId || !/^[0-9a-f-]{36}$/.test(ourId)) return undefined;
    const mine = lock ? await this.repo.lock(ourId) : await this.repo.find(ourId);
    return mine?.provider === 'stripe' ? mine : undefined;
  }
}
