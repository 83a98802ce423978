import type Stripe from 'stripe';
import { PAYMENT_ERRORS } from '@circo/shared-contracts';
import type { AppConfig } from '../../../config/app-config.js';
import type {
  BillingCustomer,
  BillingInvoice,
  BillingPlan,
  BillingProvider,
  StartSubscriptionInput,
  StartedSubscription,
} from './billing-provider.js';
import { ProviderError, type IntentStatus } from './payment-provider.js';
import { stripeCall, stripeClient } from './stripe-payment.provider.js';

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * Memberships on Stripe Billing: a Product per plan and a Price per price (a Price cannot change:
 * a new price is a new Price, and the subscriptions made on the old one keep it), a Customer per
 * student, Subscriptions made with `payment_behavior: 'default_incomplete'` whose first invoice's
 * `confirmation_secret` the Payment Element confirms, and the Customer Portal.
 */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(config: AppConfig['stripe'] & { secretKey: string }) {
    this.stripe = stripeClient(config);
  }

  async syncPlan(plan: BillingPlan) {
    const product = {
      name: plan.name,
      active: plan.active,
      metadata: { planId: plan.id },
    };
    let productId = plan.productId;
    if (productId) {
      const id = productId;
      await stripeCall(() =>
        this.stripe.products.update(id, { ...product, description: plan.description }),
      );
    } else {
      productId = (
        await stripeCall(() =>
          this.stripe.products.create(
            { ...product, ...(plan.description ? { description: plan.description } : {}) },
            { idempotencyKey: `plan-product:${plan.id}` },
          ),
        )
      ).id;
    }
    if (plan.priceId) return { productId, priceId: plan.priceId };
    const made = productId;
    const price = await stripeCall(() =>
      this.stripe.prices.create(
        {
          product: made,
          currency: 'usd',
          unit_amount: plan.priceCents,
          recurring: { interval: plan.interval },
          metadata: { planId: plan.id },
        },
        // the plan's version: the same price set again later is a new Price
        {
          idempotencyKey: `plan-price:${plan.id}:${plan.priceCents}:${plan.interval}:${plan.version}`,
        },
      ),
    );
    return { productId, priceId: price.id };
  }

  async createCustomer(customer: BillingCustomer): Promise<string> {
    const made = await stripeCall(() =>
      this.stripe.customers.create(
        {
          // no e-mail: Stripe then sends the student none of its invoices or receipts (ours are
          // the legal ones)
          name: customer.name,
          ...(customer.country && { address: { country: customer.country } }),
          preferred_locales: [customer.lang],
          metadata: { userId: customer.userId },
        },
        { idempotencyKey: `customer:${customer.userId}` },
      ),
    );
    return made.id;
  }

  async startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription> {
    const sub = await stripeCall(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          payment_behavior: 'default_incomplete',
          // charged to the saved card: Stripe never e-mails an invoice to be paid
          collection_method: 'charge_automatically',
          // the card of the first payment pays the renewals
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
          metadata: { subscriptionId: input.subscriptionId, userId: input.userId },
        },
        { idempotencyKey: `subscription:${input.subscriptionId}` },
      ),
    );
    const invoice = sub.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    const intentId = (invoice && paymentIntentOf(invoice)) ?? intentOfSecret(clientSecret);
    if (!invoice || !clientSecret || !intentId) {
      throw new ProviderError(
        PAYMENT_ERRORS.providerError,
        'The card payment provider made the subscription without a payment to confirm',
      );
    }
    return {
      id: sub.id,
      paymentIntentId: intentId,
      clientSecret,
      status: 'requires_payment_method' as IntentStatus,
    };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await stripeCall(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
    );
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      await stripeCall(() => this.stripe.subscriptions.cancel(subscriptionId));
    } catch (err) {
      // ended already (or never made): nothing is left to charge
      if (err instanceof ProviderError && err.statusCode === 404) return;
      throw err;
    }
  }

  async movePrice(subscriptionId: string, priceId: string): Promise<void> {
    const sub = await stripeCall(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item || item.price.id === priceId) return;
    await stripeCall(() =>
      this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: priceId }],
          // the period paid stays as it is: the next invoice is the first at the new price
          proration_behavior: 'none',
        },
        { idempotencyKey: `price-move:${subscriptionId}:${priceId}` },
      ),
    );
  }

  async archiveUnusedPrices(productId: string, keep: string): Promise<string[]> {
    const prices = await stripeCall(() =>
      this.stripe.prices.list({ product: productId, active: true, limit: 100 }),
    );
    const archived: string[] = [];
    for (const price of prices.data) {
      if (price.id === keep) continue;
      // without a status, the list is of the subscriptions not cancelled
      const on = await stripeCall(() =>
        this.stripe.subscriptions.list({ price: price.id, limit: 1 }),
      );
      if (on.data.length > 0) continue;
      await stripeCall(() => this.stripe.prices.update(price.id, { active: false }));
      archived.push(price.id);
    }
    return archived;
  }

  async retrieveInvoice(id: string): Promise<BillingInvoice> {
    const inv = await stripeCall(() => this.stripe.invoices.retrieve(id, { expand: ['payments'] }));
    const details = inv.parent?.subscription_details;
    return {
      id: inv.id ?? id,
      subscriptionId: idOf(details?.subscription),
      ourSubscriptionId: details?.metadata?.subscriptionId ?? null,
      paymentIntentId:
        paymentIntentOf(inv) ?? intentOfSecret(inv.confirmation_secret?.client_secret),
      amountCents: inv.amount_paid || inv.amount_due,
      billingReason: inv.billing_reason ?? null,
      hostedUrl: inv.hosted_invoice_url ?? null,
    };
  }

  async portalUrl(customerId: string, returnUrl: string, lang: 'es' | 'en' | 'fr') {
    const session = await stripeCall(() =>
      this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: lang,
      }),
    );
    return session.url;
  }
}

/** The invoice's PaymentIntent: its default payment's (API versions since 2025 list payments). */
function paymentIntentOf(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const chosen = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(chosen?.payment.payment_intent);
}

/** A PaymentIntent's client secret is `<intent id>_secret_<secret>`. */
function intentOfSecret(secret: string | null | undefined): string | null {
  const m = secret ? /^(pi_\w+?)_secret_/.exec(secret) : null;
  return m ? m[1] : null;
}
