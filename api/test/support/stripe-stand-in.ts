import {
  StripePaymentsStandIn,
  id,
  metadataOf,
  notFound,
  type Obj,
} from './stripe-payments-stand-in.js';
import { StripeTaxStandIn } from './stripe-tax-stand-in.js';

export type { StandInRequest } from './stripe-payments-stand-in.js';

/**
 * A local HTTP server that answers the Stripe API calls checkout makes (PaymentIntents, Checkout
 * Sessions, refunds) and memberships make (Customers, Products, Prices, Subscriptions and their
 * invoices, the Customer Portal) the way api.stripe.com does, so the real `stripe` SDK can be
 * pointed at it (`host`, `port`, `protocol`). Idempotency keys return the first object, as Stripe
 * does. Tests move objects along with `succeed()`, `completeSession()`, `payInvoice()` and
 * `renew()`, as a card payment and Stripe's billing clock would. Stripe Tax's calls are `tax`'s.
 */
export class StripeStandIn extends StripePaymentsStandIn {
  readonly tax = new StripeTaxStandIn();
  private readonly customers = new Map<string, Obj>();
  private readonly products = new Map<string, Obj>();
  private readonly prices = new Map<string, Obj>();
  private readonly subscriptions = new Map<string, Obj>();
  private readonly invoices = new Map<string, Obj>();

  subscription(id: string): Obj {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    return sub;
  }

  invoice(id: string): Obj {
    const inv = this.invoices.get(id);
    if (!inv) throw new Error(`no invoice ${id}`);
    return inv;
  }

  /** The PaymentIntent of an invoice. */
  intentOfInvoice(invoiceId: string): string {
    return this.invoice(invoiceId).intentId as string;
  }

  /** The invoice's card payment succeeded: the invoice is paid and its subscription active. */
  payInvoice(invoiceId: string): Obj {
    const inv = this.invoice(invoiceId);
    this.succeed(inv.intentId as string);
    const sub = this.subscription(subscriptionOf(inv));
    sub.status = 'active';
    return Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due });
  }

  /** The invoice's payment was declined (or asks for 3-D Secure): it stays open. */
  failInvoice(invoiceId: string, outcome: 'declined' | 'action' = 'declined'): Obj {
    const inv = this.invoice(invoiceId);
    if (outcome === 'declined') this.decline(inv.intentId as string);
    else Object.assign(this.intent(inv.intentId as string), { status: 'requires_action' });
    const sub = this.subscription(subscriptionOf(inv));
    if (sub.status === 'active') sub.status = 'past_due';
    return inv;
  }

  /** Stripe's billing clock: the subscription's next period is invoiced (and charged). */
  renew(subscriptionId: string, outcome: 'paid' | 'declined' | 'action' = 'paid'): Obj {
    const sub = this.subscription(subscriptionId);
    const price = this.prices.get(sub.priceId as string)!;
    const inv = this.newInvoice(sub, price.unit_amount as number, 'subscription_cycle');
    sub.latest_invoice = inv.id;
    return outcome === 'paid'
      ? this.payInvoice(inv.id as string)
      : this.failInvoice(inv.id as string, outcome);
  }

  /** Prices made for a product, oldest first. */
  pricesOf(productId: string): Obj[] {
    return [...this.prices.values()].filter((p) => p.product === productId);
  }

  /** The subscription's one item on `price` (Stripe lists a subscription's items in it). */
  private putOnPrice(sub: Obj, price: Obj, itemId: string): void {
    sub.priceId = price.id;
    sub.items = {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id as string}`,
      data: [{ id: itemId, object: 'subscription_item', price, quantity: 1 }],
    };
  }

  private newInvoice(sub: Obj, amount: number, reason: string): Obj {
    const pi = this.newIntent(amount, {});
    const invId = `in_test_${id()}`;
    const inv: Obj = {
      id: invId,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      currency: 'usd',
      amount_due: amount,
      amount_paid: 0,
      billing_reason: reason,
      hosted_invoice_url: `https://invoice.stripe.com/i/${invId}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
      intentId: pi.id,
    };
    this.invoices.set(invId, inv);
    return inv;
  }

  /** An invoice as the API answers it: `payments` and `confirmation_secret` only when expanded. */
  private invoiceView(inv: Obj, expand: string[]): Obj {
    const { intentId, confirmation_secret, ...rest } = inv;
    return {
      ...rest,
      ...(expand.includes('confirmation_secret') && { confirmation_secret }),
      ...(expand.includes('payments') && {
        payments: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: `inpay_${(intentId as string).slice(3)}`,
              object: 'invoice_payment',
              is_default: true,
              invoice: inv.id,
              status: inv.status === 'paid' ? 'paid' : 'open',
              payment: { type: 'payment_intent', payment_intent: intentId },
            },
          ],
        },
      }),
    };
  }

  protected override answerBilling(
    method: string,
    path: string,
    body: Record<string, string>,
    remember: (o: Obj) => [number, Obj],
  ): [number, Obj] | null {
    const taxed = this.tax.answer(method, path, body, remember);
    if (taxed) return taxed;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c: Obj = {
        id: `cus_test_${id()}`,
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata: metadataOf(body),
      };
      this.customers.set(c.id as string, c);
      return remember(c);
    }
    if (method === 'POST' && path === '/v1/products') {
      const p: Obj = {
        id: `prod_test_${id()}`,
        object: 'product',
        name: body.name,
        description: body.description ?? null,
        active: body.active !== 'false',
        metadata: metadataOf(body),
      };
      this.products.set(p.id as string, p);
      return remember(p);
    }
    if (method === 'POST' && (m = /^\/v1\/products\/(\w+)$/.exec(path))) {
      const p = this.products.get(m[1]);
      if (!p) return notFound('product', m[1]);
      return [
        200,
        Object.assign(p, {
          name: body.name ?? p.name,
          description: body.description ?? p.description,
          active: body.active ? body.active === 'true' : p.active,
        }),
      ];
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (!this.products.has(body.product)) return notFound('product', body.product);
      const p: Obj = {
        id: `price_test_${id()}`,
        object: 'price',
        product: body.product,
        unit_amount: Number(body.unit_amount),
        currency: body.currency,
        recurring: { interval: body['recurring[interval]'] },
        active: true,
        metadata: metadataOf(body),
      };
      this.prices.set(p.id as string, p);
      return remember(p);
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      // without a status, the subscriptions not cancelled
      const data = [...this.subscriptions.values()].filter(
        (sub) => sub.status !== 'canceled' && (!body.price || sub.priceId === body.price),
      );
      return [200, list('/v1/subscriptions', data.slice(0, Number(body.limit ?? 10)))];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const data = [...this.prices.values()].filter(
        (p) =>
          (!body.product || p.product === body.product) &&
          (body.active === undefined || p.active === (body.active === 'true')),
      );
      return [200, list('/v1/prices', data.slice(0, Number(body.limit ?? 10)))];
    }
    if (method === 'POST' && (m = /^\/v1\/prices\/(\w+)$/.exec(path))) {
      const p = this.prices.get(m[1]);
      if (!p) return notFound('price', m[1]);
      if (body.active) p.active = body.active === 'true';
      return [200, p];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const price = this.prices.get(body['items[0][price]']);
      if (!this.customers.has(body.customer)) return notFound('customer', body.customer);
      if (!price) return notFound('price', body['items[0][price]']);
      if (!price.active) return inactivePrice(price.id as string);
      const sub: Obj = {
        id: `sub_test_${id()}`,
        object: 'subscription',
        customer: body.customer,
        status: body.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        metadata: metadataOf(body),
        priceId: price.id,
        payment_behavior: body.payment_behavior,
      };
      this.putOnPrice(sub, price, `si_test_${id()}`);
      const inv = this.newInvoice(sub, price.unit_amount as number, 'subscription_create');
      sub.latest_invoice = inv.id;
      this.subscriptions.set(sub.id as string, sub);
      const expand = Object.entries(body)
        .filter(([k]) => k.startsWith('expand['))
        .map(([, v]) => v);
      const nested = expand.filter((e) => e.startsWith('latest_invoice.')).map((e) => e.slice(15));
      const answered = {
        ...sub,
        latest_invoice: expand.some((e) => e.startsWith('latest_invoice'))
          ? this.invoiceView(inv, nested)
          : inv.id,
      };
      return remember(answered);
    }
    if ((m = /^\/v1\/subscriptions\/(\w+)$/.exec(path))) {
      const sub = this.subscriptions.get(m[1]);
      if (!sub) return notFound('subscription', m[1]);
      if (method === 'POST' && body.cancel_at_period_end) {
        sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      if (method === 'POST' && body['items[0][price]']) {
        const price = this.prices.get(body['items[0][price]']);
        if (!price) return notFound('price', body['items[0][price]']);
        if (!price.active) return inactivePrice(price.id as string);
        this.putOnPrice(sub, price, body['items[0][id]']);
        sub.proration_behavior = body.proration_behavior ?? 'create_prorations';
      }
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      }
      return [200, sub];
    }
    if (method === 'GET' && (m = /^\/v1\/invoices\/(\w+)$/.exec(path))) {
      const inv = this.invoices.get(m[1]);
      const expand = Object.entries(body)
        .filter(([k]) => k.startsWith('expand['))
        .map(([, v]) => v);
      return inv ? [200, this.invoiceView(inv, expand)] : notFound('invoice', m[1]);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(body.customer)) return notFound('customer', body.customer);
      const sid = `bps_test_${id()}`;
      return [
        200,
        {
          id: sid,
          object: 'billing_portal.session',
          customer: body.customer,
          locale: body.locale,
          return_url: body.return_url,
          url: `https://billing.stripe.com/p/session/${sid}`,
        },
      ];
    }
    return null;
  }
}
const subscriptionOf = (inv: Obj): string =>
  ((inv.parent as Obj).subscription_details as Obj).subscription as string;

const list = (url: string, data: Obj[]): Obj => ({ object: 'list', url, has_more: false, data });

/** Stripe's answer to a subscription put on an archived Price. */
const inactivePrice = (priceId: string): [number, Obj] => [
  400,
  {
    error: {
      type: 'invalid_request_error',
      message: `The price specified (${priceId}) is inactive. This field only accepts active prices.`,
      param: 'items[0][price]',
    },
  },
];
