import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  COMMON_ERRORS,
  fromCents,
  MEMBERSHIP_ERRORS,
  type Lang,
  type BillingDetails,
  type BillingPortalResponse,
  type MySubscription,
  type SubscribeRequest,
  type SubscribeResponse,
} from '@circo/shared-contracts';
import { AppError, conflict, notFound } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import type { SubscriptionRow } from '../../database/tables/memberships.table.js';
import type { AuthUser } from '../auth/index.js';
import { BillingService, billingDetailsOf } from '../invoicing/index.js';
import { JobsService } from '../jobs/index.js';
import { SubscriptionPaymentsService, taxAnswer } from '../payments/index.js';
import { MembershipBillingService, RESERVED_PREFIX } from './membership-billing.service.js';
import { MEMBERSHIP_MAIL_JOB, type MembershipMailKind } from './membership-mails.js';
import { periodEnd } from './periods.js';
import { PLAN_SYNC_JOB, PlansService } from './plans.service.js';
import { SubscriptionsRepository, type SubscriptionWithPlan } from './subscriptions.repository.js';

/** A second "subscribe" within this time reuses the first one's unpaid payment. */
const REUSE_WINDOW_MS = 30 * 60 * 1000;

const subscriptionNotFound = () =>
  notFound(MEMBERSHIP_ERRORS.notFound, 'You have no such subscription');

/**
 * A student's memberships: subscribing (the first period paid as a purchase is), the periods
 * paid (each recorded once, whichever of confirm, webhook or clock comes first), cancel at the
 * period's end and resume before it.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly plans: PlansService,
    private readonly payments: SubscriptionPaymentsService,
    private readonly jobs: JobsService,
    private readonly billing: MembershipBillingService,
    private readonly tax: BillingService,
  ) {
    payments.onPaid((payment, now) => this.periodPaid(payment, now));
  }

  /** POST /subscriptions: a subscription waiting for its first payment, and that payment. */
  async subscribe(user: AuthUser, req: SubscribeRequest): Promise<SubscribeResponse> {
    if (this.config.salesPaused) {
      throw new AppError(
        503,
        COMMON_ERRORS.salesPaused,
        'Sales are paused for maintenance: no membership can start right now',
      );
    }
    const plan = await this.plans.get(req.planId);
    if (!plan.active) {
      throw conflict(MEMBERSHIP_ERRORS.planWithdrawn, 'This plan takes no new subscribers');
    }
    const lang: Lang = req.lang ?? 'es';
    const now = Date.now();
    // the VAT inside the plan's price for the buyer's country, as checkout quotes it (400 for a
    // malformed VAT number): kept with the first payment, so its invoice says what was shown
    const tax = await this.tax.quote(user.id, req.billing, [plan.priceCents], true);
    const billing = req.billing ? billingDetailsOf(req.billing) : null;
    const { subscription, payment } = await this.host.run(async () => {
      await this.repo.lockUser(user.id);
      const open = await this.repo.openOf(user.id, plan.id);
      if (open.some((s) => s.status !== 'incomplete')) {
        throw conflict(
          MEMBERSHIP_ERRORS.alreadySubscribed,
          'You are already subscribed to this plan',
        );
      }
      // a second click with the same billing details (other details are another tax)
      const recent = open.find(
        (s) =>
          s.duePaymentId &&
          s.createdAt.getTime() > now - REUSE_WINDOW_MS &&
          sameBilling(s.billing, billing),
      );
      const reused = recent?.duePaymentId
        ? await this.payments.findPayment(recent.duePaymentId)
        : undefined;
      if (recent && reused && !reused.fulfilledAt) return { subscription: recent, payment: reused };
      const reserved = await this.payments.reserve({
        userId: user.id,
        amountCents: plan.priceCents,
        lang,
      });
      const created = await this.repo.insert({
        userId: user.id,
        planId: plan.id,
        provider: this.payments.providerName,
        // Stripe's subscription is made after this commits: a placeholder until then
        providerSubscriptionId: `${this.billing.enabled ? RESERVED_PREFIX : 'sub_local_'}${randomBytes(12).toString('hex')}`,
        priceCents: plan.priceCents,
        interval: plan.interval,
        duePaymentId: reserved.id,
        lang,
        billing,
      });
      await this.tax.record(reserved.id, user.id, tax);
      return { subscription: created, payment: reserved };
    });
    const started = this.billing.enabled
      ? await this.billing.start(subscription, payment, plan)
      : await this.payments.createIntent(
          payment,
          `${plan.name.es} (${plan.interval === 'year' ? 'anual' : 'mensual'})`,
        );
    return {
      subscriptionId: subscription.id,
      paymentIntentId: started.payment.providerPaymentId,
      clientSecret: started.clientSecret,
      provider: this.payments.providerName,
      amount: fromCents(subscription.priceCents),
      tax: taxAnswer(tax),
    };
  }

  /**
   * A subscription's payment succeeded (called once per payment, in the fulfilment's
   * transaction): records the period it pays and makes the subscription active. The first
   * payment starts now; a renewal, late or not, continues from the end of the period before.
   * Answers the billing details kept on the subscription: its periods' invoices are taxed by them.
   */
  private async periodPaid(payment: PaymentRow, now: Date): Promise<BillingDetails | null> {
    const sub = await this.repo.lockByDuePayment(payment.id);
    if (!sub) {
      this.logger.warn(`paid subscription payment ${payment.id} is due on no subscription`);
      return null;
    }
    if (sub.provider === 'stripe' && sub.status === 'canceled') {
      // Stripe ended it (nothing would renew it): the payment is recorded, no period opens
      this.logger.warn(`subscription ${sub.id} ended at Stripe before ${payment.id} was paid`);
      return sub.billing ?? null;
    }
    const renewal =
      sub.status !== 'incomplete' && sub.status !== 'canceled' && sub.currentPeriodEnd;
    const startsAt = renewal ? sub.currentPeriodEnd! : now;
    const endsAt = periodEnd(startsAt, sub.interval, this.periodMinutes(sub));
    const period = await this.repo.insertPeriod({
      subscriptionId: sub.id,
      paymentId: payment.id,
      startsAt,
      endsAt,
      amountCents: payment.amountCents,
    });
    if (!period) {
      this.logger.warn(
        `subscription ${sub.id}: the period from ${startsAt.toISOString()} is paid already`,
      );
      return sub.billing ?? null;
    }
    await this.repo.update(sub.id, {
      status: 'active',
      currentPeriodStart: startsAt,
      currentPeriodEnd: endsAt,
      graceUntil: null,
      duePaymentId: null,
      endedAt: null,
    });
    await this.mail(sub.id, renewal ? 'renewed' : 'started', payment.id);
    return sub.billing ?? null;
  }

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

  /** The local provider's demo clock: a period's minutes (0: a month or a year). */
  periodMinutes(sub: Pick<SubscriptionRow, 'provider'>): number {
    return sub.provider === 'local' ? this.config.memberships.periodMinutes : 0;
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

/** Whether two subscriptions are billed alike (stored as jsonb, whose keys come back reordered). */
const sameBilling = (a: BillingDetails | null, b: BillingDetails | null): boolean =>
  a === b ||
  (!!a &&
    !!b &&
    a.name === b.name &&
    a.country === b.country &&
    (a.taxId ?? null) === (b.taxId ?? null));

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
