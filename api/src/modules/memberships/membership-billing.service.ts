import { Inject, Injectable } from '@nestjs/common';
import { MEMBERSHIP_ERRORS, type Lang } from '@circo/shared-contracts';
import { conflict, notFound } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import type { PlanRow, SubscriptionRow } from '../../database/tables/memberships.table.js';
import { JobHandler, type JobPayload } from '../jobs/index.js';
import {
  BILLING_PROVIDER,
  SubscriptionPaymentsService,
  type BillingPlan,
  type BillingProvider,
  type StartedPayment,
} from '../payments/index.js';
import { UsersService } from '../users/index.js';
import { PLAN_SYNC_JOB, PlansService } from './plans.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** The provider subscription id of a row whose provider subscription is not made yet. */
export const RESERVED_PREFIX = 'reserved_';

/** Whether the provider made this subscription (Stripe), as opposed to a placeholder. */
export const atProvider = (s: Pick<SubscriptionRow, 'provider' | 'providerSubscriptionId'>) =>
  s.provider === 'stripe' && !s.providerSubscriptionId.startsWith(RESERVED_PREFIX);

/**
 * Memberships' side of Stripe Billing (configured with the Stripe keys): the plans' Products and
 * Prices, a student's Customer, the provider subscription made when a student subscribes,
 * cancelling and resuming there, and the Customer Portal. Every call is made with no transaction
 * open; what it made is recorded after. Without Stripe, each of these does nothing.
 */
@Injectable()
export class MembershipBillingService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BILLING_PROVIDER) private readonly billing: BillingProvider | null,
    private readonly repo: SubscriptionsRepository,
    private readonly plans: PlansService,
    private readonly payments: SubscriptionPaymentsService,
    private readonly users: UsersService,
    private readonly host: TransactionHost,
  ) {}

  @JobHandler(PLAN_SYNC_JOB)
  protected async runPlanSync(payload: JobPayload): Promise<void> {
    await this.syncPlan(String(payload.planId));
  }

  get enabled(): boolean {
    return this.billing !== null;
  }

  /**
   * Brings the plan's Product in step (name, description, taking subscribers) and answers its
   * Price, made now when its price has none yet. A plan deleted since has nothing to do.
   */
  async syncPlan(planId: string): Promise<string | null> {
    if (!this.billing) return null;
    const plan = await this.plans.find(planId);
    if (!plan) return null;
    const ids = await this.billing.syncPlan(billingPlan(plan));
    if (ids.productId !== plan.stripeProductId || ids.priceId !== plan.stripePriceId) {
      await this.plans.setProviderIds(plan.id, ids, plan);
    }
    // the plan's older Prices nobody is on any more (moved, cancelled) take no one again
    await this.billing.archiveUnusedPrices(ids.productId, ids.priceId);
    return ids.priceId;
  }

  /**
   * Puts the provider's subscription on its plan's Price at `priceCents` from its next renewal
   * (no proration).
   */
  async movePrice(sub: SubscriptionRow, priceCents: number): Promise<void> {
    const priceId = await this.priceFor(await this.plans.get(sub.planId), priceCents);
    if (this.billing && atProvider(sub)) {
      await this.billing.movePrice(sub.providerSubscriptionId, priceId);
    }
  }

  /**
   * The plan's Price at `priceCents`: its current one, or (the plan's price changed again since
   * the subscribers were told) a Price made for the price they were told of.
   */
  private async priceFor(plan: PlanRow, priceCents: number): Promise<string> {
    if (plan.priceCents === priceCents) {
      const priceId = plan.stripePriceId ?? (await this.syncPlan(plan.id));
      if (priceId) return priceId;
    }
    const told = { ...billingPlan(plan), priceCents, priceId: null, version: 'moved' };
    return (await this.billing!.syncPlan(told)).priceId;
  }

  /**
   * The provider subscription of a new subscription (its first invoice open, to pay with the
   * Payment Element): the plan's Price, the student's Customer, then the Subscription, each
   * idempotent, so a second click gets the same ones. When it fails, nothing stays recorded.
   */
  async start(sub: SubscriptionRow, reserved: PaymentRow, plan: PlanRow): Promise<StartedPayment> {
    const billing = this.billing!;
    // a second click after the first one made it: that invoice's payment, as it is now
    if (reserved.status !== 'reserved') return this.payments.createIntent(reserved, '');
    try {
      return await this.payments.startWith(reserved, async () => {
        const priceId = plan.stripePriceId ?? (await this.syncPlan(plan.id));
        if (!priceId) throw notFound(MEMBERSHIP_ERRORS.planNotFound, 'Plan not found');
        const customerId = await this.customerFor(sub);
        const made = await billing.startSubscription({
          customerId,
          priceId,
          subscriptionId: sub.id,
          userId: sub.userId,
        });
        await this.repo.update(sub.id, {
          providerSubscriptionId: made.id,
          providerCustomerId: customerId,
        });
        return made;
      });
    } catch (err) {
      await this.host.run(() => this.repo.deleteUnstarted(sub.id));
      throw err;
    }
  }

  /** Cancels at the period's end at the provider (true), or takes that back (false). */
  async setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<void> {
    if (this.billing && atProvider(sub)) {
      await this.billing.setCancelAtPeriodEnd(sub.providerSubscriptionId, cancel);
    }
  }

  /** Ends the provider's subscription now: nothing more is charged or retried. */
  async endNow(sub: SubscriptionRow): Promise<void> {
    if (this.billing && atProvider(sub)) await this.billing.cancelNow(sub.providerSubscriptionId);
  }

  /** A Customer Portal session of the student: their cards and past invoices. */
  async portalUrl(userId: string, lang: Lang): Promise<string> {
    const customer = this.billing ? await this.repo.customerOf(userId) : null;
    if (!this.billing || !customer) {
      throw conflict(
        MEMBERSHIP_ERRORS.portalUnavailable,
        'Cards and invoices are kept by the card provider only for memberships paid through Stripe',
      );
    }
    return this.billing.portalUrl(customer, `${this.config.publicUrl}/mis-cursos`, lang);
  }

  /**
   * The student's Customer: the one an earlier subscription made, else a new one, billed to the
   * name and country they gave (else their account's name).
   */
  private async customerFor(sub: SubscriptionRow): Promise<string> {
    const known = await this.repo.customerOf(sub.userId);
    if (known) return known;
    const contact = await this.users.contact(sub.userId);
    return this.billing!.createCustomer({
      userId: sub.userId,
      name: sub.billing?.name ?? contact?.name ?? '',
      country: sub.billing?.country ?? null,
      lang: sub.lang as Lang,
    });
  }
}

/** What the provider is told of a plan. */
function billingPlan(plan: PlanRow): BillingPlan {
  return {
    id: plan.id,
    name: plan.name.es,
    description: plan.description.es,
    priceCents: plan.priceCents,
    interval: plan.interval,
    active: plan.active,
    productId: plan.stripeProductId,
    priceId: plan.stripePriceId,
    version: String(plan.updatedAt.getTime()),
  };
}
