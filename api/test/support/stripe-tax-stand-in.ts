import { id, notFound, type Obj } from './stripe-payments-stand-in.js';

const SELLER = 'ES';

/**
 * Stripe Tax's half of the stand-in: Tax Calculations (`POST /v1/tax/calculations`, line items
 * expanded on request) and Tax Transactions (`create_from_calculation`, `create_reversal`) in
 * Stripe's response shapes. The rates are the stand-in's own (`rates`, percent strings as Stripe
 * sends them), so a test can tell Stripe's figures from the table's; a buyer of another EU
 * country with an `eu_vat` tax ID is reverse charged; `failing` answers 500s, as an outage.
 */
export class StripeTaxStandIn {
  rates: Record<string, string> = { ES: '21.0', DE: '19.0', FR: '20.0', US: '0.0' };
  failing = false;
  readonly calculations = new Map<string, Obj>();
  readonly transactions = new Map<string, Obj>();

  answer(
    method: string,
    path: string,
    body: Record<string, string>,
    remember: (o: Obj) => [number, Obj],
  ): [number, Obj] | null {
    if (method !== 'POST' || !path.startsWith('/v1/tax/')) return null;
    if (this.failing) return [500, { error: { type: 'api_error', message: 'Tax is down' } }];
    if (path === '/v1/tax/calculations') return remember(this.calculate(body));
    if (path === '/v1/tax/transactions/create_from_calculation') {
      const calc = this.calculations.get(body.calculation);
      if (!calc) return notFound('tax.calculation', body.calculation);
      return this.transaction(body, remember, {
        type: 'transaction',
        reversal: null,
        line_items: calc.line_items,
        customer_details: calc.customer_details,
        tax_date: calc.tax_date,
      });
    }
    if (path === '/v1/tax/transactions/create_reversal') {
      const original = this.transactions.get(body.original_transaction);
      if (!original) return notFound('tax.transaction', body.original_transaction);
      return this.transaction(body, remember, {
        type: 'reversal',
        reversal: { original_transaction: original.id },
        mode: body.mode,
        flat_amount: body.flat_amount === undefined ? null : Number(body.flat_amount),
        customer_details: original.customer_details,
        tax_date: original.tax_date,
      });
    }
    return null;
  }

  /** The reversals made of transaction `transactionId`. */
  reversalsOf(transactionId: string): Obj[] {
    return [...this.transactions.values()].filter(
      (t) => (t.reversal as Obj | null)?.original_transaction === transactionId,
    );
  }

  private transaction(
    body: Record<string, string>,
    remember: (o: Obj) => [number, Obj],
    rest: Obj,
  ): [number, Obj] {
    const taken = [...this.transactions.values()].some((t) => t.reference === body.reference);
    if (taken) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            message: `A transaction with reference ${body.reference} already exists`,
          },
        },
      ];
    }
    const now = Math.floor(Date.now() / 1000);
    const tx: Obj = {
      id: `tax_${id()}`,
      object: 'tax.transaction',
      created: now,
      currency: 'usd',
      customer: null,
      livemode: false,
      metadata: {},
      posted_at: now,
      reference: body.reference,
      ship_from_details: null,
      shipping_cost: null,
      ...rest,
    };
    this.transactions.set(tx.id as string, tx);
    return remember(tx);
  }

  private calculate(body: Record<string, string>): Obj {
    const country = body['customer_details[address][country]'];
    const vatId = body['customer_details[tax_ids][0][type]'] === 'eu_vat';
    const reverse = vatId && country !== SELLER && country in this.rates && country !== 'US';
    const percent = reverse ? '0.0' : (this.rates[country] ?? '0.0');
    const reason = reverse
      ? 'reverse_charge'
      : Number(percent) > 0
        ? 'standard_rated'
        : 'not_collecting';
    const calcId = `taxcalc_${id()}`;
    const lines: Obj[] = [];
    for (let i = 0; body[`line_items[${i}][amount]`] !== undefined; i++) {
      const amount = Number(body[`line_items[${i}][amount]`]);
      const behavior = body[`line_items[${i}][tax_behavior]`] ?? 'exclusive';
      const rate = Number(percent) / 100;
      const tax =
        behavior === 'inclusive'
          ? amount - Math.round(amount / (1 + rate))
          : Math.round(amount * rate);
      lines.push({
        id: `tax_li_${id()}`,
        object: 'tax.calculation_line_item',
        amount,
        amount_tax: tax,
        livemode: false,
        metadata: {},
        performance_location: null,
        product: null,
        quantity: 1,
        reference: body[`line_items[${i}][reference]`],
        tax_behavior: behavior,
        tax_code: 'txcd_10000000',
      });
    }
    const taxOf = (b: string) =>
      lines.filter((l) => l.tax_behavior === b).reduce((s, l) => s + (l.amount_tax as number), 0);
    const amounts = lines.reduce((s, l) => s + (l.amount as number), 0);
    const exclusive = taxOf('exclusive');
    const inclusive = taxOf('inclusive');
    const taxable = lines.reduce(
      (s, l) =>
        s +
        (l.tax_behavior === 'inclusive'
          ? (l.amount as number) - (l.amount_tax as number)
          : (l.amount as number)),
      0,
    );
    const calc: Obj = {
      id: calcId,
      object: 'tax.calculation',
      amount_total: amounts + exclusive,
      currency: body.currency,
      customer: null,
      customer_details: {
        address: { country, city: null, line1: null, line2: null, postal_code: null, state: null },
        address_source: 'billing',
        ip_address: null,
        tax_ids: vatId
          ? [{ type: 'eu_vat', value: body['customer_details[tax_ids][0][value]'] }]
          : [],
        taxability_override: 'none',
      },
      expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400,
      livemode: false,
      ship_from_details: null,
      shipping_cost: null,
      tax_amount_exclusive: exclusive,
      tax_amount_inclusive: inclusive,
      tax_breakdown: [
        {
          amount: exclusive + inclusive,
          inclusive: inclusive > 0,
          tax_rate_details: {
            country,
            flat_amount: null,
            percentage_decimal: percent,
            rate_type: 'percentage',
            state: null,
            tax_type: 'vat',
          },
          taxability_reason: reason,
          taxable_amount: taxable,
        },
      ],
      tax_date: Math.floor(Date.now() / 1000),
    };
    this.calculations.set(calcId, {
      ...calc,
      line_items: { object: 'list', data: lines, has_more: false },
    });
    const expanded = Object.entries(body).some(
      ([k, v]) => k.startsWith('expand[') && v === 'line_items',
    );
    return expanded
      ? {
          ...calc,
          line_items: {
            object: 'list',
            data: lines,
            has_more: false,
            url: `/v1/tax/calculations/${calcId}/line_items`,
          },
        }
      : calc;
  }
}
