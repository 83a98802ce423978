import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobsService } from '../jobs/index.js';
import {
  BillingService,
  InvoicesService,
  STRIPE_TAX_RECORD_JOB,
  STRIPE_TAX_REVERSAL_JOB,
  type BillingQuote,
} from '../invoicing/index.js';
import { TAX_PROVIDER, type StripeTaxProvider } from './providers/stripe-tax.provider.js';

/**
 * Stripe Tax, with Stripe keys and the coach's setting on (the default): the tax of a checkout
 * is Stripe's Tax Calculation (its rate and amounts go on the invoice), the tax transaction is
 * recorded once the payment is registered and reversed by each credit note, whole or partial
 * (both are jobs written in the transaction that issues the invoice or the credit note, retried
 * until Stripe answers). Without Stripe keys, or with the setting off, the table computes it.
 */
@Injectable()
export class StripeTaxService {
  private readonly logger = new Logger('StripeTax');

  constructor(
    @Inject(TAX_PROVIDER) private readonly tax: StripeTaxProvider | null,
    private readonly billing: BillingService,
    private readonly invoices: InvoicesService,
    jobs: JobsService,
  ) {
    jobs.register(STRIPE_TAX_RECORD_JOB, (p) => this.record(String(p.paymentId)));
    jobs.register(STRIPE_TAX_REVERSAL_JOB, (p) =>
      this.reverse(String(p.paymentId), String(p.refundKey)),
    );
  }

  /**
   * The checkout's tax by Stripe Tax when it is on, else `table` (the table's quote) as it is.
   * A Stripe Tax that does not answer, or errs, does not stop the sale: the table's rate (the
   * standard rate of the buyer's country) applies, with a log line, and no tax transaction is
   * recorded at Stripe for that payment.
   */
  async quote(table: BillingQuote, lineCents: number[]): Promise<BillingQuote> {
    if (!this.tax || lineCents.every((c) => c === 0)) return table;
    if (!(await this.billing.settings()).stripeTax) return table;
    try {
      const calc = await this.tax.calculate({
        lineCents,
        included: table.pricesIncludeTax,
        country: table.country,
        taxId: table.taxId,
      });
      return {
        ...table,
        decision: {
          rateBp: calc.rateBp,
          reverseCharge: calc.reverseCharge,
          scheme: calc.reverseCharge ? 'reverse_charge' : table.decision.scheme,
        },
        lines: calc.lines.length === lineCents.length ? calc.lines : table.lines,
        total: calc.total,
        taxCalculationId: calc.id,
      };
    } catch (err) {
      this.logger.warn(`Stripe Tax did not answer, the table's rate applies: ${String(err)}`);
      return table;
    }
  }

  /** The job that records the tax transaction of a paid payment computed by Stripe Tax. */
  private async record(paymentId: string): Promise<void> {
    const kept = await this.billing.paymentBilling(paymentId);
    if (!kept?.taxCalculationId || kept.taxTransactionId) return;
    if (!this.tax) {
      this.logger.warn(`payment ${paymentId}: no Stripe keys to record its tax transaction`);
      return;
    }
    const id = await this.tax.record(kept.taxCalculationId, paymentId);
    await this.billing.keepTaxTransaction(paymentId, id);
  }

  /**
   * The job that reverses the tax transaction by a credit note: in full when the note credits
   * the whole invoice, else by its amount. Waits (fails, to be retried) until the transaction is
   * recorded.
   */
  private async reverse(paymentId: string, refundKey: string): Promise<void> {
    const kept = await this.billing.paymentBilling(paymentId);
    if (!kept?.taxCalculationId) return;
    if (!this.tax) {
      this.logger.warn(`payment ${paymentId}: no Stripe keys to reverse its tax transaction`);
      return;
    }
    if (!kept.taxTransactionId) throw new Error(`payment ${paymentId}: tax not recorded yet`);
    const note = await this.invoices.creditForTax(refundKey);
    if (!note) return;
    await this.tax.reverse(kept.taxTransactionId, note.number, note.full ? null : note.totalCents);
  }
}
