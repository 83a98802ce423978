import { Inject, Injectable, Logger } from '@nestjs/common';
import { MEMBERSHIP_ERRORS, type MoveSubscribersResponse } from '@circo/shared-contracts';
import { conflict } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactional, TransactionHost } from '../../database/transactions.js';
import type { SubscriptionRow } from '../../database/tables/memberships.table.js';
import { JobsService } from '../jobs/index.js';
import { atProvider, MembershipBillingService } from './membership-billing.service.js';
import { firstRenewalFrom } from './periods.js';
import { PLAN_SYNC_JOB, PlansService } from './plans.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Puts a Stripe subscription on the plan's newer Price, in the period before it applies. */
export const PRICE_MOVE_JOB = 'memberships.price-move';
const DAY_MS = 86_400_000;

/**
 * Moving a plan's current subscribers to its newer price, with notice: each is told by e-mail
 * and pays it from the first renewal at least MEMBERSHIP_PRICE_NOTICE_DAYS away, never earlier
 * (they can cancel before it). The local provider's clock charges the new price at that renewal;
 * with Stripe, a job changes the Subscription's item to the new Price (no proration) during the
 * period before it, so Stripe's next invoice is the first at the new price.
 */
@Injectable()
export class PriceMovesService {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly plans: PlansService,
    private readonly subscriptions: SubscriptionsService,
    private readonly billing: MembershipBillingService,
    private readonly jobs: JobsService,
  ) {
    jobs.register(PRICE_MOVE_JOB, (payload) =>
      this.applyAtProvider(String(payload.subscriptionId), {
        priceCents: Number(payload.priceCents),
        from: String(payload.from),
      }),
    );
  }

  /**
   * POST /admin/plans/{id}/move-subscribers: every subscriber who renews at another price than
   * the plan's is told of it, with the renewal it applies from (409 plans.nothing_to_move when
   * there is nobody to move). Subscribers on another interval than the plan's stay as they are.
   */
  @Transactional()
  async move(planId: string, now = new Date()): Promise<MoveSubscribersResponse> {
    const plan = await this.plans.get(planId);
    const subs = await this.repo.lockOnOlderPrice(plan.id);
    if (subs.length === 0) {
      throw conflict(
        MEMBERSHIP_ERRORS.nothingToMove,
        'Every subscriber of this plan renews at its current price already',
      );
    }
    const { priceNoticeDays, periodMinutes } = this.config.memberships;
    const earliest = new Date(now.getTime() + priceNoticeDays * DAY_MS);
    for (const sub of subs) {
      const minutes = sub.provider === 'local' ? periodMinutes : 0;
      const from = firstRenewalFrom(sub.currentPeriodEnd!, sub.interval, earliest, minutes);
      await this.repo.update(sub.id, { newPriceCents: plan.priceCents, newPriceFrom: from });
      const once = `${plan.priceCents}:${from.toISOString()}`;
      await this.subscriptions.mail(sub.id, 'price', once);
      if (atProvider(sub)) {
        // a day before the renewal: inside the last period at the old price
        await this.jobs.enqueue(
          PRICE_MOVE_JOB,
          { subscriptionId: sub.id, priceCents: plan.priceCents, from: from.toISOString() },
          {
            key: `membership-price-move:${sub.id}:${once}`,
            delayMs: Math.max(0, from.getTime() - DAY_MS - now.getTime()),
          },
        );
      }
    }
    return { moved: subs.length, noticeDays: priceNoticeDays };
  }

  /**
   * The Stripe side of a move, in the period before it applies: the Subscription's item on the
   * new Price with `proration_behavior: 'none'` (nothing is charged now; the next invoice is at
   * the new price), then our row at that price, and the plan's sync (which archives an old Price
   * nobody is on). A move replaced since by a newer one (`told` is the one the job was written
   * for), or a subscription that ended, does nothing.
   */
  async applyAtProvider(id: string, told: { priceCents: number; from: string }): Promise<void> {
    const sub = await this.repo.find(id);
    if (!sub || !sub.newPriceCents || !sub.newPriceFrom || sub.status === 'canceled') return;
    if (!atProvider(sub) || !sameMove(sub, told)) return;
    const plan = await this.plans.get(sub.planId);
    const priceId = await this.billing.priceFor(plan, sub.newPriceCents);
    await this.billing.movePrice(sub, priceId);
    await this.host.run(async () => {
      const now = await this.repo.lock(id);
      if (!now || !sameMove(now, told)) return;
      await this.repo.update(id, {
        priceCents: sub.newPriceCents!,
        newPriceCents: null,
        newPriceFrom: null,
      });
      await this.jobs.enqueue(
        PLAN_SYNC_JOB,
        { planId: sub.planId },
        { key: `plan-sync:${sub.planId}:moved:${id}:${sub.newPriceFrom!.toISOString()}` },
      );
    });
    this.logger.log(`subscription ${id} renews at the plan's newer price at Stripe`);
  }
}

/** Whether the subscription's move is still the one told of. */
const sameMove = (s: SubscriptionRow, told: { priceCents: number; from: string }): boolean =>
  s.newPriceCents === told.priceCents && s.newPriceFrom?.toISOString() === told.from;
