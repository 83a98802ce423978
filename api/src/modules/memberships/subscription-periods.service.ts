import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BillingDetails } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import { SubscriptionPaymentsService } from '../payments/index.js';
import { demoPeriodMinutes, periodEnd } from './periods.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/**
 * The periods a subscription's payments pay, each recorded once, whichever of confirm, webhook
 * or clock comes first.
 */
@Injectable()
export class SubscriptionPeriodsService {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SubscriptionsRepository,
    private readonly subscriptions: SubscriptionsService,
    payments: SubscriptionPaymentsService,
  ) {
    payments.onPaid((payment, now) => this.periodPaid(payment, now));
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
    const endsAt = periodEnd(
      startsAt,
      sub.interval,
      demoPeriodMinutes(sub, this.config.memberships),
    );
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
    await this.subscriptions.mail(sub.id, renewal ? 'renewed' : 'started', payment.id);
    return sub.billing ?? null;
  }
}
