import { Injectable } from '@nestjs/common';
import {
  fromCents,
  MEMBERSHIP_ERRORS,
  type AdminSubscription,
  type MembershipStats,
} from '@circo/shared-contracts';
import { conflict, notFound } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import { SubscriptionPaymentsService } from '../payments/index.js';
import { MembershipBillingService } from './membership-billing.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

const DAY = 86_400_000;

/**
 * The coach's side of memberships: the subscribers, the figures of the sales dashboard, and on a
 * student's page cancel (at the period's end) or refund the last period (its access ends now).
 */
@Injectable()
export class SubscriptionsAdminService {
  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: SubscriptionPaymentsService,
    private readonly billing: MembershipBillingService,
  ) {}

  /** GET /admin/subscriptions[?userId=] */
  async list(userId?: string): Promise<AdminSubscription[]> {
    return (await this.repo.listStarted(userId)).map((s) => ({
      _id: s.id,
      userId: s.userId,
      email: s.email,
      name: `${s.name} ${s.surname}`.trim(),
      planId: s.planId,
      planName: s.planName,
      status: s.status,
      price: fromCents(s.priceCents),
      interval: s.interval,
      since: s.since?.toISOString() ?? null,
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      graceUntil: s.graceUntil?.toISOString() ?? null,
    }));
  }

  /** GET /admin/subscriptions/stats */
  async stats(from?: string, to?: string, now = new Date()): Promise<MembershipStats> {
    const end = to ? new Date(to) : now;
    const start = from ? new Date(from) : new Date(end.getTime() - 30 * DAY);
    const row = await this.repo.stats(start, end);
    return {
      mrr: fromCents(Math.round(row.mrrCents)),
      active: row.active,
      pastDue: row.pastDue,
      started: row.started,
      canceled: row.canceled,
    };
  }

  /** POST /admin/subscriptions/{id}/cancel: as the student's cancel, for them. */
  async cancel(id: string): Promise<AdminSubscription> {
    const sub = await this.repo.find(id);
    if (!sub) throw notFound(MEMBERSHIP_ERRORS.notFound, 'No such subscription');
    await this.subscriptions.cancelFor(sub.userId, id);
    return this.one(id);
  }

  /**
   * POST /admin/subscriptions/{id}/refund: gives back the last period paid and ends the
   * subscription now, its access with it. Twice refunds once.
   */
  async refundLastPeriod(id: string, now = new Date()): Promise<AdminSubscription> {
    const sub = await this.repo.find(id);
    if (!sub) throw notFound(MEMBERSHIP_ERRORS.notFound, 'No such subscription');
    const last = (await this.repo.periodsOf(id)).at(-1);
    const payment = last?.paymentId ? await this.payments.findPayment(last.paymentId) : undefined;
    if (!last || !payment || last.refundedAt) {
      throw conflict(
        MEMBERSHIP_ERRORS.nothingToRefund,
        'This subscription has no period to refund',
      );
    }
    await this.payments.refund(payment);
    // with Stripe, its subscription there ends too: nothing more is charged
    await this.billing.endNow(sub);
    await this.host.run(async () => {
      await this.repo.lock(id);
      await this.repo.markPeriodRefunded(last.id, now);
      await this.repo.update(id, {
        status: 'canceled',
        canceledAt: now,
        endedAt: now,
        cancelAtPeriodEnd: false,
        duePaymentId: null,
      });
      await this.subscriptions.mail(id, 'ended', now.toISOString());
    });
    return this.one(id);
  }

  private async one(id: string): Promise<AdminSubscription> {
    const sub = await this.repo.find(id);
    const found = sub && (await this.list(sub.userId)).find((s) => s._id === id);
    if (!found) throw notFound(MEMBERSHIP_ERRORS.notFound, 'No such subscription');
    return found;
  }
}
