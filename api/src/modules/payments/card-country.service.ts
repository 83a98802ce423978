import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PaymentRow } from '../../database/tables/payments.table.js';
import { BillingService } from '../invoicing/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/**
 * The card's country, evidence of the buyer's country beside the billing country: Stripe's from
 * the PaymentIntent's latest charge (`payment_method_details.card.country`), the local
 * provider's from its test card.
 */
@Injectable()
export class CardCountryService {
  private readonly logger = new Logger('CardCountry');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly billing: BillingService,
  ) {}

  /**
   * Asks the provider once the payment is registered (outside its transaction) and keeps the
   * answer with the payment's evidence. A provider that does not answer leaves it empty: the
   * payment and its invoice stand without it.
   */
  async keep(payment: PaymentRow): Promise<void> {
    const intentId =
      payment.providerIntentId ??
      (payment.providerPaymentId.startsWith('pi_') ? payment.providerPaymentId : null);
    if (!intentId || payment.amountCents <= 0) return;
    try {
      const country = await this.provider.cardCountry(intentId);
      if (country) await this.billing.keepCardCountry(payment.id, country);
    } catch (err) {
      this.logger.warn(`payment ${payment.id}: no card country (${(err as Error).message})`);
    }
  }
}
