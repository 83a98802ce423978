// Memberships: plans paid by the month or the year that open courses and formations while paid.
// Prices are USD with 2 decimals on the wire (integer cents in the database).
import type { Lang, Localized } from '../languages.js';
import type { ItemType } from './catalog.js';
import type { BillingDetails, PaymentProviderName } from './payments.js';
import type { CheckoutTax } from './invoices.js';

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan opens everything, or the listed courses and formations. */
export type PlanIncludes = 'all' | Array<{ itemType: ItemType; itemId: string }>;

/** POST /admin/plans and PUT /admin/plans/{id}. */
export interface PlanBody {
  name: Partial<Localized<string | null>>;
  description?: Partial<Localized<string | null>>;
  /** USD, above zero. */
  price: number;
  interval: PlanInterval;
  includes: PlanIncludes;
  active?: boolean;
}

/** An item a plan opens, titled in the asked language (Spanish when it has no title there). */
export interface PlanItem {
  itemType: ItemType;
  itemId: string;
  title: string;
}

/** GET /plans?lang=: an active plan as a visitor sees it. */
export interface PublicPlan {
  _id: string;
  name: string;
  description: string;
  /** USD. */
  price: number;
  interval: PlanInterval;
  /** True when it opens every course and formation (then `items` is empty). */
  includesAll: boolean;
  items: PlanItem[];
}

/** The admin's view of a plan: every language, withdrawn ones too. */
export interface AdminPlan {
  _id: string;
  name: Localized;
  description: Localized;
  price: number;
  interval: PlanInterval;
  includes: PlanIncludes;
  active: boolean;
  /** Subscriptions active or in their grace period now. */
  subscribers: number;
  /**
   * Of those, the ones that renew at another price than the plan's (they subscribed before it
   * changed) and are not yet moved to it: POST /admin/plans/{id}/move-subscribers moves them.
   */
  olderPrice: number;
  createdAt: string;
  updatedAt: string;
}

/** POST /subscriptions. */
export interface SubscribeRequest {
  planId: string;
  /** Language of the e-mails and the provider's pages; es by default. */
  lang?: Lang;
  /** Who is billed for every period (the provider's customer has them too). */
  billing?: BillingDetails;
}

/** The answer of POST /subscriptions: pay `clientSecret` as a purchase's PaymentIntent. */
export interface SubscribeResponse {
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
  provider: PaymentProviderName;
  /** The first period's price, USD. */
  amount: number;
  /**
   * The VAT inside that price for the billing country, as checkout answers it (a membership's
   * start; the payment of a renewal that is due has none here).
   */
  tax?: CheckoutTax;
}

/** GET /users/me/subscriptions: the caller's subscriptions, newest first. */
export interface MySubscription {
  _id: string;
  planId: string;
  planName: Localized;
  status: SubscriptionStatus;
  /** USD per interval, as it was when the subscription started. */
  price: number;
  interval: PlanInterval;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** past_due: when access ends unless paid. */
  graceUntil: string | null;
  /** Whether its items are open now (active, or past due within the grace period). */
  opensItems: boolean;
  /** Whether its cards and past invoices are on the provider's Customer Portal (Stripe). */
  portal: boolean;
  /** The plan's newer price the student was told of, and the renewal it applies from. */
  newPrice: number | null;
  newPriceFrom: string | null;
}

/** POST /admin/plans/{id}/move-subscribers: how many were told of the plan's price. */
export interface MoveSubscribersResponse {
  moved: number;
  /** The days of notice: each pays the new price from the first renewal this far away. */
  noticeDays: number;
}

/** POST /users/me/subscriptions/portal: a Customer Portal session (cards, past invoices). */
export interface BillingPortalResponse {
  url: string;
}

/** GET /admin/subscriptions: one subscriber. */
export interface AdminSubscription {
  _id: string;
  userId: string;
  email: string;
  name: string;
  planId: string;
  planName: Localized;
  status: SubscriptionStatus;
  price: number;
  interval: PlanInterval;
  /** When it started (its first period was paid). */
  since: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  graceUntil: string | null;
}

export const MEMBERSHIP_ERRORS = {
  planNotFound: 'plans.not_found',
  planInUse: 'plans.in_use',
  planItemNotFound: 'plans.item_not_found',
  nothingToMove: 'plans.nothing_to_move',
  planWithdrawn: 'subscriptions.plan_withdrawn',
  alreadySubscribed: 'subscriptions.already_subscribed',
  notFound: 'subscriptions.not_found',
  notCancelable: 'subscriptions.not_cancelable',
  notResumable: 'subscriptions.not_resumable',
  nothingDue: 'subscriptions.nothing_due',
  nothingToRefund: 'subscriptions.nothing_to_refund',
  portalUnavailable: 'subscriptions.portal_unavailable',
} as const;

/** The plans of `plans` that open an item: those opening everything, and those listing it. */
export function plansOpening<P extends Pick<PublicPlan, 'includesAll' | 'items'>>(
  plans: readonly P[],
  itemType: ItemType,
  itemId: string,
): P[] {
  return plans.filter(
    (p) => p.includesAll || p.items.some((i) => i.itemType === itemType && i.itemId === itemId),
  );
}

/** GET /admin/subscriptions/stats?from=&to=: the memberships in the sales dashboard. */
export interface MembershipStats {
  /** Monthly recurring revenue now, USD: active and past-due subscriptions, a year's price / 12. */
  mrr: number;
  /** Subscriptions active now (past due ones too, within their grace). */
  active: number;
  pastDue: number;
  /** Subscriptions whose first period was paid in [from, to). */
  started: number;
  /** Subscriptions cancelled (ended, or set to end) in [from, to). */
  canceled: number;
}
