import { Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '../../database/transactions.js';
import type { SubscriptionRow } from '../../database/tables/memberships.table.js';
import { JobHandler, JobsService, type JobPayload } from '../jobs/index.js';
import { atProvider, MembershipBillingService } from './membership-billing.service.js';
import { PLAN_SYNC_JOB } from './plans.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** Puts a Stripe subscription on the plan's newer Price, in the period before it applies. */
export const PRICE_MOVE_JOB = 'memberships.price-move';

/**
 * The provider's side of a price move (PriceMovesService tells the subscribers): with Stripe, a
 * job changes the Subscription's item to the new Price (no proration) during the period before
 * it, so Stripe's next invoice is the first at the new price.
 */
@Injectable()
export class PriceMoveAtProviderService {
  private readonly logger = new Logger('Memberships');

  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly billing: MembershipBillingService,
    private readonly jobs: JobsService,
  ) {}

  @JobHandler(PRICE_MOVE_JOB)
  protected runPriceMove(payload: JobPayload): Promise<void> {
    return this.applyAtProvider(String(payload.subscriptionId), {
      priceCents: Number(payload.priceCents),
      from: String(payload.from),
    });
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
    await this.billing.movePrice(sub, sub.newPriceCents);
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
