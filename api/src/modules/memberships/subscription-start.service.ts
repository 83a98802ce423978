import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  COMMON_ERRORS,
  fromCents,
  MEMBERSHIP_ERRORS,
  type BillingDetails,
  type Lang,
  type SubscribeRequest,
  type SubscribeResponse,
} from '@circo/shared-contracts';
import { AppError, conflict } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactional } from '../../database/transactions.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import type { PlanRow, SubscriptionRow } from '../../database/tables/memberships.table.js';
import type { AuthUser } from '../auth/index.js';
import { BillingService, billingDetailsOf, type BillingQuote } from '../invoicing/index.js';
import { SubscriptionPaymentsService, taxAnswer } from '../payments/index.js';
import { MembershipBillingService, RESERVED_PREFIX } from './membership-billing.service.js';
import { PlansService } from './plans.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** A second "subscribe" within this time reuses the first one's unpaid payment. */
const REUSE_WINDOW_MS = 30 * 60 * 1000;

/**
 * Subscribing to a plan: the subscription waits for its first period's payment, paid as a
 * purchase is (then SubscriptionPeriodsService makes it active).
 */
@Injectable()
export class SubscriptionStartService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SubscriptionsRepository,
    private readonly plans: PlansService,
    private readonly payments: SubscriptionPaymentsService,
    private readonly billing: MembershipBillingService,
    private readonly tax: BillingService,
  ) {}

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
    const { subscription, payment } = await this.reserve(user.id, plan, lang, tax, billing, now);
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
   * The subscription waiting for its first payment, and that payment reserved with its tax, in
   * one transaction: a second click with the same billing details gets the first one's.
   */
  @Transactional()
  private async reserve(
    userId: string,
    plan: PlanRow,
    lang: Lang,
    tax: BillingQuote,
    billing: BillingDetails | null,
    now: number,
  ): Promise<{ subscription: SubscriptionRow; payment: PaymentRow }> {
    await this.repo.lockUser(userId);
    const open = await this.repo.openOf(userId, plan.id);
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
      userId,
      amountCents: plan.priceCents,
      lang,
    });
    const created = await this.repo.insert({
      userId,
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
    await this.tax.record(reserved.id, userId, tax);
    return { subscription: created, payment: reserved };
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
