import type Stripe from 'stripe';
import { isEuCountry } from '@circo/shared-contracts';
import type { AppConfig } from '../../../config/app-config.js';
import { stripeCall, stripeClient } from './stripe-payment.provider.js';

/** Nest injection token of Stripe Tax (with Stripe keys), or null (the local provider). */
export const TAX_PROVIDER = Symbol('TAX_PROVIDER');

export interface TaxCalculationInput {
  /** The lines' prices in cents, tax included when `included`. */
  lineCents: number[];
  included: boolean;
  /** The buyer's country (ISO 3166-1 alpha-2). */
  country: string;
  /** An EU business's VAT number in its canonical form (`DE123456789`), or null. */
  taxId: string | null;
}

export interface TaxSplitCents {
  netCents: number;
  taxCents: number;
  totalCents: number;
}

/** Stripe's figures: what is charged, the rate and the tax of every line. */
export interface TaxCalculation {
  id: string;
  /** The rate of the tax, in basis points (19% = 1 900); 0 when nothing is taxed. */
  rateBp: number;
  reverseCharge: boolean;
  lines: TaxSplitCents[];
  total: TaxSplitCents;
}

/**
 * Stripe Tax through the real SDK: a Tax Calculation for a checkout's lines (inclusive or
 * exclusive, as the seller's prices are), the tax transaction recorded from it once paid (what
 * Stripe's tax reports count) and its reversal by a refund, whole or partial.
 */
export class StripeTaxProvider {
  private readonly stripe: Stripe;

  constructor(config: AppConfig['stripe'] & { secretKey: string }) {
    this.stripe = stripeClient(config);
  }

  async calculate(input: TaxCalculationInput): Promise<TaxCalculation> {
    const behavior = input.included ? 'inclusive' : 'exclusive';
    const calc = await stripeCall(() =>
      this.stripe.tax.calculations.create({
        currency: 'usd',
        line_items: input.lineCents.map((amount, i) => ({
          amount,
          reference: `line-${i + 1}`,
          tax_behavior: behavior,
        })),
        customer_details: {
          address: { country: input.country },
          address_source: 'billing',
          ...(input.taxId && isEuCountry(input.country)
            ? { tax_ids: [{ type: 'eu_vat', value: input.taxId }] }
            : {}),
        },
        expand: ['line_items'],
      }),
    );
    const lines = (calc.line_items?.data ?? []).map((l) => {
      const net = l.tax_behavior === 'inclusive' ? l.amount - l.amount_tax : l.amount;
      return { netCents: net, taxCents: l.amount_tax, totalCents: net + l.amount_tax };
    });
    const taxCents = calc.tax_amount_inclusive + calc.tax_amount_exclusive;
    return {
      id: calc.id ?? '',
      rateBp: rateBpOf(calc.tax_breakdown),
      reverseCharge: calc.tax_breakdown.some((b) => b.taxability_reason === 'reverse_charge'),
      lines,
      total: { netCents: calc.amount_total - taxCents, taxCents, totalCents: calc.amount_total },
    };
  }

  /** Records the tax transaction of a paid calculation; answers its id. */
  async record(calculationId: string, reference: string): Promise<string> {
    const tx = await stripeCall(() =>
      this.stripe.tax.transactions.createFromCalculation(
        { calculation: calculationId, reference },
        { idempotencyKey: `tax-record:${reference}` },
      ),
    );
    return tx.id;
  }

  /**
   * Reverses a tax transaction: all of it (`amountCents` null) or that amount, tax included
   * (a partial refund); answers the reversal's id.
   */
  async reverse(
    transactionId: string,
    reference: string,
    amountCents: number | null,
  ): Promise<string> {
    const tx = await stripeCall(() =>
      this.stripe.tax.transactions.createReversal(
        amountCents === null
          ? { mode: 'full', original_transaction: transactionId, reference }
          : {
              mode: 'partial',
              original_transaction: transactionId,
              reference,
              flat_amount: -Math.abs(amountCents),
            },
        { idempotencyKey: `tax-reversal:${reference}` },
      ),
    );
    return tx.id;
  }
}

/**
 * The rate of a calculation: the percentage of the breakdown that taxes the most of it (a
 * digital service sold to one buyer has one), in basis points.
 */
function rateBpOf(breakdown: Stripe.Tax.Calculation.TaxBreakdown[]): number {
  const main = [...breakdown]
    .filter((b) => b.amount > 0)
    .sort((a, b) => b.taxable_amount - a.taxable_amount)[0];
  if (!main) return 0;
  return Math.round(Number(main.tax_rate_details.percentage_decimal) * 100);
}
