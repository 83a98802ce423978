// The /api/stripe calls of the checkout (storefront.md section 7; types in shared-contracts).
import {
  discountedPrice,
  type BillingDetails,
  type CartItem,
  type CheckoutRequest,
  type Lang,
  type LocalCardRequest,
  type LocalCardResponse,
  type PaymentIntentResponse,
  type PurchaseResult,
  type SubscribeResponse,
} from '@circo/shared-contracts';
import { api } from '@circo/shared-web';

/**
 * POST /stripe/crear-payment-intent. The price sent is the one the buyer saw; the server prices
 * every item again and charges its own amount. Asking twice for the same items gives the same
 * PaymentIntent (the server is idempotent), so a double click or a remount charges once.
 */
export function createPaymentIntent(
  items: readonly CartItem[],
  lang: Lang,
  signal?: AbortSignal,
  billing?: BillingDetails,
): Promise<PaymentIntentResponse> {
  const body: CheckoutRequest = {
    items: items.map((i) => ({
      id: i._id,
      type: i.type,
      price: discountedPrice(i.price, i.discount),
    })),
    lang,
    ...(billing && { billing }),
  };
  return api<PaymentIntentResponse>('/stripe/crear-payment-intent', {
    method: 'POST',
    body,
    signal,
  });
}

/**
 * POST /subscriptions: a membership waiting for its first payment, paid like a purchase's
 * PaymentIntent. Asking again within a while answers the same unpaid payment.
 */
export function startSubscription(
  planId: string,
  lang: Lang,
  billing?: BillingDetails,
): Promise<SubscribeResponse> {
  return api<SubscribeResponse>('/subscriptions', {
    method: 'POST',
    body: { planId, lang, ...(billing && { billing }) },
  });
}

/** POST /stripe/local/confirm: the local test provider charges the test card. */
export function payWithTestCard(request: LocalCardRequest): Promise<LocalCardResponse> {
  return api<LocalCardResponse>('/stripe/local/confirm', { method: 'POST', body: request });
}

/** What the payment to register is known by: a PaymentIntent or a hosted Checkout Session. */
export type PaymentRef = { paymentIntentId: string } | { sessionId: string };

/**
 * POST /stripe/confirmar-compra-payment-intent or GET /stripe/confirmar-compra: registers the
 * purchase (the server does it exactly once, whoever asks first) and says what it gave.
 */
export function confirmPurchase(ref: PaymentRef): Promise<PurchaseResult> {
  return 'paymentIntentId' in ref
    ? api<PurchaseResult>('/stripe/confirmar-compra-payment-intent', {
        method: 'POST',
        body: { paymentIntentId: ref.paymentIntentId },
      })
    : api<PurchaseResult>('/stripe/confirmar-compra', { query: { session_id: ref.sessionId } });
}
