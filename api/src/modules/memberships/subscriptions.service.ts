import { Injectable } from '@nestjs/common';
import {
  fromCents,
  MEMBERSHIP_ERRORS,
  type Lang,
  type BillingPortalResponse,
  type MySubscription,
  type SubscribeResponse,
} from '@circo/shared-contracts';
import { conflict, notFound } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import type { SubscriptionRow } from '../../database/tables/memberships.table.js';
import type { AuthUser } from '../auth/index.js';
import { JobsService } from '../jobs/index.js';
import { SubscriptionPaymentsService } from '../payments/index.js';
import { MembershipBillingService } from './membership-billing.service.js';
import { MEMBERSHIP_MAIL_JOB, type MembershipMailKind } from './membership-mails.js';
import { PLAN_SYNC_JOB } from './plans.service.js';
import { SubscriptionsRepository, type SubscriptionWithPlan } from './subscriptions.repository.js';

const subscriptionNotFound = () =>
  notFound(MEMBERSHIP_ERRORS.notFound, 'You have no such subscription');

/**
 * A student's memberships once subscribed (subscribing is SubscriptionStartService's, the periods
 * paid SubscriptionPeriodsService's): their list, cancel at the period's end and resume before it,
 * paying what is due, and the end and e-mails of a subscription.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly payments: SubscriptionPaymentsService,
    private readonly jobs: JobsService,
    private readonly billing: MembershipBillingService,
  ) {}

  /** GET /users/me/subscriptions */
  async listMine(user: AuthUser, now = new Date()): Promise<MySubscription[]> {
    return (await this.repo.listOf(user.id)).map((s) => toMine(s, now));
  }

  /**
   * POST /users/me/subscriptions/{id}/cancel: an active subscription ends at its period's end
   * (access until then); one not paid yet, or past due, ends now. Cancelling twice changes nothing.
   */
  async cancel(user: AuthUser, id: string, now = new Date()): Promise<MySubscription> {
    await this.cancelFor(user.id, id, now);
    return this.mine(user, id, now);
  }

  /**
   * The cancel of the student `userId`'s subscription (by them, or by the coach for them). With
   * Stripe, its subscription there is changed first (a failure changes nothing here).
   */
  async cancelFor(userId: string, id: string, now = new Date()): Promise<void> {
    const current = await this.own({ id: userId }, id);
    if (current.status === 'active' && !current.cancelAtPeriodEnd) {
      await this.billing.setCancelAtPeriodEnd(current, true);
    } else if (current.status === 'incomplete' || current.status === 'past_due') {
      await this.billing.endNow(current);
    }
    await this.host.run(async () => {
      const sub = await this.own({ id: userId }, id);
      if (sub.status === 'canceled') {
        throw conflict(MEMBERSHIP_ERRORS.notCancelable, 'This subscription has ended already');
      }
      if (sub.status === 'active') {
        if (sub.cancelAtPeriodEnd) return;
        await this.repo.update(sub.id, { cancelAtPeriodEnd: true, canceledAt: now });
        await this.mail(sub.id, 'canceled', `${now.getTime()}`);
        return;
      }
      await this.repo.update(sub.id, {
        status: 'canceled',
        canceledAt: now,
        endedAt: now,
        duePaymentId: null,
      });
    });
  }

  /** POST /users/me/subscriptions/{id}/resume: takes back a cancel before the period ends. */
  async resume(user: AuthUser, id: string, now = new Date()): Promise<MySubscription> {
    const resumable = (sub: SubscriptionRow) => {
      const running =
        sub.status === 'active' && (sub.currentPeriodEnd?.getTime() ?? 0) > now.getTime();
      if (!running || !sub.cancelAtPeriodEnd) {
        throw conflict(
          MEMBERSHIP_ERRORS.notResumable,
          'Only a subscription cancelled at the end of a period still running can be resumed',
        );
      }
      return sub;
    };
    await this.billing.setCancelAtPeriodEnd(resumable(await this.own(user, id)), false);
    await this.host.run(async () => {
      const sub = resumable(await this.own(user, id));
      await this.repo.update(sub.id, { cancelAtPeriodEnd: false, canceledAt: null });
    });
    return this.mine(user, id, now);
  }

  /**
   * POST /users/me/subscriptions/{id}/pay: the payment a past-due subscription waits for, to pay
   * with another card (the confirm call is a purchase's).
   */
  async payDue(user: AuthUser, id: string): Promise<SubscribeResponse> {
    const sub = await this.own(user, id);
    const due = sub.duePaymentId ? await this.payments.findPayment(sub.duePaymentId) : undefined;
    if (sub.status !== 'past_due' || !due || due.fulfilledAt) {
      throw conflict(MEMBERSHIP_ERRORS.nothingDue, 'This subscription has no payment due');
    }
    const started = await this.payments.createIntent(due, 'renewal');
    return {
      subscriptionId: sub.id,
      paymentIntentId: started.payment.providerPaymentId,
      clientSecret: started.clientSecret,
      provider: this.payments.providerName,
      amount: fromCents(due.amountCents),
    };
  }

  /**
   * Writes the job of a membership e-mail (in the open transaction), once per key (false when it
   * was written before); `link` is
   * where it sends the student when the provider gave one (Stripe's page to confirm a payment).
   */
  async mail(
    subscriptionId: string,
    kind: MembershipMailKind,
    once: string,
    extra: { link?: string } = {},
  ): Promise<boolean> {
    return this.jobs.enqueue(
      MEMBERSHIP_MAIL_JOB,
      { subscriptionId, kind, ...extra },
      { key: `membership-mail:${subscriptionId}:${kind}:${once}` },
    );
  }

  /** Ends a subscription (in the open transaction, its row locked) at `at`, with its e-mail. */
  async end(sub: SubscriptionRow, at: Date): Promise<void> {
    await this.repo.update(sub.id, { status: 'canceled', endedAt: at, duePaymentId: null });
    await this.mail(sub.id, 'ended', at.toISOString());
    if (sub.provider === 'stripe') {
      // its Price may be an older one nobody else is on: the plan's sync archives it
      await this.jobs.enqueue(
        PLAN_SYNC_JOB,
        { planId: sub.planId },
        { key: `plan-sync:${sub.planId}:ended:${sub.id}` },
      );
    }
  }

  /** POST /users/me/subscriptions/portal: the student's cards and past invoices at Stripe. */
  async portal(user: AuthUser, lang: Lang = 'es'): Promise<BillingPortalResponse> {
    return { url: await this.billing.portalUrl(user.id, lang) };
  }

  private async own(user: Pick<AuthUser, 'id'>, id: string): Promise<SubscriptionRow> {
    const sub = this.host.inTransaction ? await this.repo.lock(id) : await this.repo.find(id);
    if (!sub || sub.userId !== user.id) throw subscriptionNotFound();
    return sub;
  }

  private async mine(user: AuthUser, id: string, now: Date): Promise<MySubscription> {
    const found = (await this.repo.listOf(user.id)).find((s) => s.id === id);
    if (!found) throw subscriptionNotFound();
    return toMine(found, now);
  }
}

/** How long a Stripe subscription that renews keeps its access while Stripe collects it. */
const COLLECTING_MS = 3 * 86_400_000;

/** Whether a subscription opens its plan's items at `now` (the access rule's view, per row). */
export function opensItems(s: SubscriptionRow, now: Date): boolean {
  const collecting = s.provider === 'stripe' && !s.cancelAtPeriodEnd ? COLLECTING_MS : 0;
  const until =
    s.status === 'active' && s.currentPeriodEnd
      ? new Date(s.currentPeriodEnd.getTime() + collecting)
      : s.status === 'past_due'
        ? (s.graceUntil ?? s.currentPeriodEnd)
        : null;
  return !!until && until.getTime() > now.getTime();
}

function toMine(s: SubscriptionWithPlan, now: Date): MySubscription {
  return {
    _id: s.id,
    planId: s.planId,
    planName: s.planName,
    status: s.status,
    price: fromCents(s.priceCents),
    interval: s.interval,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    graceUntil: s.graceUntil?.toISOString() ?? null,
    opensItems: opensItems(s, now),
    portal: s.provider === 'stripe' && s.providerCustomerId !== null,
    newPrice: s.newPriceCents === null ? null : fromCents(s.newPriceCents),
    newPriceFrom: s.newPriceFrom?.toISOString() ?? null,
  };
}
