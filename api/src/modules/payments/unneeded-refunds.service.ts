import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobHandler, type JobPayload } from '../jobs/index.js';
import { TransactionHost } from '../../database/transactions.js';
import { InvoicesService } from '../invoicing/index.js';
import { PurchasesService } from '../purchases/index.js';
import { PaymentsRepository } from './payments.repository.js';
import { isFree, REFUND_UNNEEDED_JOB } from './payments.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/**
 * Gives back what a buyer paid for items already owned (two tabs paid overlapping carts): the
 * job a fulfilment writes in its transaction when it finds some.
 */
@Injectable()
export class UnneededRefundsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly repo: PaymentsRepository,
    private readonly host: TransactionHost,
    private readonly purchases: PurchasesService,
    private readonly invoices: InvoicesService,
  ) {}

  @JobHandler(REFUND_UNNEEDED_JOB)
  protected runRefundUnneeded(payload: JobPayload): Promise<void> {
    return this.refund(String(payload.paymentId), Number(payload.ownedCents));
  }

  /**
   * Paid for items the buyer already had (two tabs paid overlapping carts): that money goes back,
   * the whole payment when it granted nothing (it is then marked refunded), else the owned items'
   * prices (the payment stays paid for the rest, as a partial refund does in Stripe; those items
   * are marked refunded on their own, for the sales dashboard). A job: a failure throws and is
   * retried; the provider's idempotency key keeps a repeat from paying twice.
   */
  private async refund(paymentId: string, ownedCents: number): Promise<void> {
    const payment = await this.repo.findById(paymentId);
    if (!payment) return;
    const intent = payment.providerIntentId ?? payment.providerPaymentId;
    if (ownedCents > 0) {
      await this.provider.refund(intent, `refund-owned:${payment.id}`, ownedCents);
      // the items it granted nothing for are the ones paid back: the sales dashboard subtracts them
      const granted = new Set(
        (await this.purchases.grantsOfPayment(payment.id)).map((g) => `${g.itemType}:${g.itemId}`),
      );
      const owned = (await this.repo.items(payment.id)).filter(
        (i) => !granted.has(`${i.itemType}:${i.itemId}`),
      );
      await this.host.run(async () => {
        await this.repo.markItemsRefunded(
          payment.id,
          owned.map((i) => i.id),
          new Date(),
        );
        await this.invoices.credit(payment.id, `refund-owned:${payment.id}`, {
          refs: owned.map((i) => `${i.itemType}:${i.itemId}`),
        });
      });
      this.logger.log(
        `payment ${payment.id} included items already owned: ${ownedCents} cents refunded`,
      );
      return;
    }
    if (payment.refundedAt) return;
    if (!isFree(payment)) await this.provider.refund(intent, `refund:${payment.id}`);
    await this.host.run(async () => {
      await this.repo.update(payment.id, { status: 'refunded', refundedAt: new Date() });
      await this.invoices.credit(payment.id, `refund:${payment.id}`);
    });
    this.logger.log(`payment ${payment.id} bought only items already owned: refunded`);
  }
}
