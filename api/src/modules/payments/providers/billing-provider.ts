import type { IntentStatus } from './payment-provider.js';

/**
 * Nest injection token of the configured BillingProvider: Stripe Billing when STRIPE_SECRET_KEY
 * is set, else null (the local provider renews on the memberships module's own clock).
 */
export const BILLING_PROVIDER = Symbol('BILLING_PROVIDER');

/** A plan as the provider keeps it: a Product, and a Price per price and interval. */
export interface BillingPlan {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  interval: 'month' | 'year';
  active: boolean;
  /** The Product and the Price made before (null: none yet, or the price changed since). */
  productId: string | null;
  priceId: string | null;
  /** Changes with every edit of the plan (a price set again later makes a new Price). */
  version: string;
}

/**
 * A student as Stripe Billing knows them. No e-mail address: our invoice is the legal one and
 * the shop sends its own receipts and reminders, so Stripe must have no address to send its own
 * invoices and receipts to (docs/payments.md, "Invoices and VAT").
 */
export interface BillingCustomer {
  userId: string;
  name: string;
  /** The billing country (ISO 3166-1 alpha-2), when the student gave it. */
  country: string | null;
  lang: 'es' | 'en' | 'fr';
}

export interface StartSubscriptionInput {
  customerId: string;
  priceId: string;
  /** Our subscription's id: the provider's metadata and the idempotency key name it. */
  subscriptionId: string;
  userId: string;
}

/** A provider subscription made, waiting for its first invoice's payment. */
export interface StartedSubscription {
  id: string;
  /** The first invoice's PaymentIntent: paid in the Payment Element as a purchase's is. */
  paymentIntentId: string;
  clientSecret: string;
  status: IntentStatus;
}

/** What the memberships module needs of a provider invoice. */
export interface BillingInvoice {
  id: string;
  /** The provider's subscription it bills (null: not a subscription's invoice). */
  subscriptionId: string | null;
  /** Our subscription's id, from the subscription's metadata when the provider copied it. */
  ourSubscriptionId: string | null;
  /** The PaymentIntent that pays it (null when it has none, e.g. a zero invoice). */
  paymentIntentId: string | null;
  amountCents: number;
  /** subscription_create (the first period), subscription_cycle (a renewal), ... */
  billingReason: string | null;
  /** The provider's page where the student pays or confirms it. */
  hostedUrl: string | null;
}

/**
 * What memberships need from a recurring-billing provider (ARCHITECTURE section 5: one interface,
 * one file per provider). Stripe Billing is the one implementation: it keeps the billing clock
 * and tells us by webhooks. Every call that makes something takes an idempotency key.
 */
export interface BillingProvider {
  readonly name: 'stripe';
  /** Makes or updates the plan's Product, and makes a Price when it has none for its price. */
  syncPlan(plan: BillingPlan): Promise<{ productId: string; priceId: string }>;
  /** Makes the student's Customer (once: keyed by the user). */
  createCustomer(customer: BillingCustomer): Promise<string>;
  startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription>;
  /** Cancels at the period's end (true) or takes that back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends the provider's subscription now: nothing more is charged or retried. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Puts the subscription on another Price from its next renewal (nothing prorated). */
  movePrice(subscriptionId: string, priceId: string): Promise<void>;
  /** Sets inactive the product's Prices but `keep` that no subscription is on; answers them. */
  archiveUnusedPrices(productId: string, keep: string): Promise<string[]>;
  retrieveInvoice(id: string): Promise<BillingInvoice>;
  /** A Customer Portal session's address (cards and past invoices), back to `returnUrl`. */
  portalUrl(customerId: string, returnUrl: string, lang: 'es' | 'en' | 'fr'): Promise<string>;
}
