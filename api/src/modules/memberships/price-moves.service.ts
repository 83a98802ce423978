import { Inject, Injectable } from '@nestjs/common';
import { MEMBERSHIP_ERRORS, type MoveSubscribersResponse } from '@circo/shared-contracts';
import { conflict } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactional } from '../../database/transactions.js';
import { JobsService } from '../jobs/index.js';
import { atProvider } from './membership-billing.service.js';
import { demoPeriodMinutes, firstRenewalFrom } from './periods.js';
import { PRICE_MOVE_JOB } from './price-move-at-provider.service.js';
import { PlansService } from './plans.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

const DAY_MS = 86_400_000;

/**
 * Moving a plan's current subscribers to its newer price, with notice: each is told by e-mail
 * and pays it from the first renewal at least MEMBERSHIP_PRICE_NOTICE_DAYS away, never earlier
 * (they can cancel before it). The local provider's clock charges the new price at that renewal;
 * with Stripe, PriceMoveAtProviderService's job moves the Subscription to the new Price.
 */
@Injectable()
export class PriceMovesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SubscriptionsRepository,
    private readonly plans: PlansService,
    private readonly subscriptions: SubscriptionsService,
    private readonly jobs: JobsService,
  ) {}

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
    const { priceNoticeDays } = this.config.memberships;
    const earliest = new Date(now.getTime() + priceNoticeDays * DAY_MS);
    for (const sub of subs) {
      const minutes = demoPeriodMinutes(sub, this.config.memberships);
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
}
