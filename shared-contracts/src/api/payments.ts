// The /api/stripe contract (storefront.md section 7) and the local test provider's calls. The
// server prices every item itself: a client price is only compared and logged, never charged.
import type { Localized } from '../languages.js';
import type { ItemType } from './catalog.js';
import type { CheckoutTax } from './invoices.js';

/** Card payments go to Stripe when it is configured, else to the local test provider. */
export type PaymentProviderName = 'stripe' | 'local';

/** One cart line sent to start a payment. `price` (the UI's discounted price) is informative only. */
export interface CheckoutItemRequest {
  id: string;
  type: ItemType;
  price?: number;
}

/**
 * The buyer's billing details (for the invoice): who is billed, their country (ISO 3166-1
 * alpha-2, e.g. ES) and, for a business, its tax ID. Optional wherever a payment starts.
 */
export interface BillingDetails {
  name: string;
  country: string;
  taxId?: string;
}

/** POST /stripe/crear-payment-intent and POST /stripe/crear-sesion. */
export interface CheckoutRequest {
  items: CheckoutItemRequest[];
  /** Language of the receipt e-mail and of the hosted pages; es by default. */
  lang?: 'es' | 'en' | 'fr';
  /**
   * Who the invoice is made out to (embedded payments). Optional: without it the country of the
   * buyer's last billing details applies, else the seller's, and the invoice says which.
   */
  billing?: BillingDetails;
}

/** An item as the server priced it for this payment. */
export interface QuotedItem {
  id: string;
  type: ItemType;
  title: Localized;
  /** Price before the discount, USD. */
  listPrice: number;
  /** What is charged for it, USD. */
  price: number;
  discount: { name: string; percentage: number; amount: number } | null;
  /** When access bought now ends (ISO): now + the access period. */
  accessEndsAt: string;
}

/** The answer of POST /stripe/crear-payment-intent. */
export interface PaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  provider: PaymentProviderName;
  /** Total charged, USD with 2 decimals (tax included). */
  amount: number;
  currency: 'usd';
  /** The VAT of the payment by the buyer's country (0 outside the EU and for reverse charge). */
  tax: CheckoutTax;
  /** The items charged, priced by the server. */
  items: QuotedItem[];
  /** Items of the request the user already owns with active access: left out, not charged. */
  alreadyOwned: Array<{ id: string; type: ItemType }>;
  /**
   * Nothing to charge (100% vouchers: a scholarship): no card payment was started, `clientSecret`
   * is empty, and confirming `paymentIntentId` (POST /stripe/confirmar-compra-payment-intent)
   * registers the purchase.
   */
  free?: boolean;
}

/** The answer of POST /stripe/crear-sesion: redirect the browser to `url`. */
export interface CheckoutSessionResponse {
  id: string;
  url: string;
  provider: PaymentProviderName;
  amount: number;
  items: QuotedItem[];
  alreadyOwned: Array<{ id: string; type: ItemType }>;
}

/**
 * What confirming a payment did (POST /stripe/confirmar-compra-payment-intent,
 * GET /stripe/confirmar-compra): `registered` (access given now or by an earlier confirm or
 * webhook), `already_owned` (nothing was new), `processing` (the card provider has not finished),
 * `failed` (the payment did not succeed).
 */
export type PurchaseOutcome = 'registered' | 'already_owned' | 'processing' | 'failed';

export interface PurchaseResult {
  success: boolean;
  outcome: PurchaseOutcome;
  message: string;
  paymentIntentId: string;
  /** The items of the payment with the end of their access (empty unless registered). */
  items: Array<{ id: string; type: ItemType; title: Localized; accessEndsAt: string }>;
  /** The payment was a membership's period (its items open through the membership). */
  membership?: boolean;
}

/** POST /stripe/confirmar-compra-payment-intent */
export interface ConfirmPaymentIntentRequest {
  paymentIntentId: string;
}

/** POST /stripe/local/confirm: the local test provider's card form (test mode only). */
export interface LocalCardRequest {
  paymentIntentId: string;
  /** Digits, spaces allowed: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/**
 * The local provider's answer, shaped like Stripe's `confirmPayment` result: `succeeded`, a decline
 * (`error`), or `requires_action` with the URL of a confirmation step the browser must visit
 * (4000 0027 6000 3184), which then returns to /pago-exitoso?payment_intent={id}.
 */
export interface LocalCardResponse {
  status: 'succeeded' | 'requires_action' | 'failed';
  paymentIntentId: string;
  redirectUrl?: string;
  error?: { code: string; message: string };
}

/** Test cards of the local provider (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002760003184',
  /** Pays once; a later charge of the saved card (a membership's renewal) is declined. */
  failsAtRenewal: '4000000000000341',
} as const;

/**
 * Stripe's country test cards: each pays as 4242... does and reports its country
 * (`payment_method_details.card.country`), the evidence of the buyer's country a card gives.
 */
export const COUNTRY_TEST_CARDS: Readonly<Record<string, string>> = {
  '4000002760000016': 'DE',
  '4000002500000003': 'FR',
  '4000007240000007': 'ES',
  '4000003800000008': 'IT',
  '4000005280000002': 'NL',
  '4000008260000000': 'GB',
};

/** The country a test card reports: its own for a country card, else the United States. */
export const testCardCountry = (digits: string): string => COUNTRY_TEST_CARDS[digits] ?? 'US';

export const PAYMENT_ERRORS = {
  salesPaused: 'payments.sales_paused',
  emptyCart: 'payments.empty_cart',
  itemNotFound: 'payments.item_not_found',
  itemUnavailable: 'payments.item_unavailable',
  alreadyOwned: 'payments.already_owned',
  notFound: 'payments.not_found',
  notYours: 'payments.not_yours',
  cardDeclined: 'payments.card_declined',
  invalidCard: 'payments.invalid_card',
  providerError: 'payments.provider_error',
  badSignature: 'payments.bad_signature',
  notTestMode: 'payments.not_test_mode',
  freeNeedsNoCard: 'payments.free_needs_no_card',
} as const;
