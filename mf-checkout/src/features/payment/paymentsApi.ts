// The /api/stripe calls of the checkout (storefront.md section 7; types in shared-contracts).
import {
  discountedPrice,
  type CartItem,
  type CheckoutRequest,
  type Lang,
  type LocalCardRequest,
  type LocalCardResponse,
  type PaymentIntentResponse,
  type PurchaseResult,
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
): Promise<PaymentIntentResponse> {
  const body: CheckoutRequest = {
    items: items.map((i) => ({
      id: i._id,
      type: i.type,
      price: discountedPrice(i.price, i.discount),
    })),
    lang,
  };
  return api<PaymentIntentResponse>('/stripe/crear-payment-intent', {
    method: 'POST',
    body,
    signal,
  });
}

/** POST /stripe/local/confirm: the local test provider charges the test card. */
export function payWithTestCard(request: LocalCardRequest): Promise<LocalCardResponse> {
  return api<LocalCardResponse>('/stripe/local/confirm', { method: 'POST', body: request });
}

/** What the payment to register is known by: a PaymentIntent or a hosted Checkout Session. */
export type PaymentRef = { paymentIntentId: string } | { sessionId: string };

function requestConfirmation(ref: PaymentRef): Promise<PurchaseResult> {
  return 'paymentIntentId' in ref
    ? api<PurchaseResult>('/stripe/confirmar-compra-payment-intent', {
        method: 'POST',
        body: { paymentIntentId: ref.paymentIntentId },
      })
    : api<PurchaseResult>('/stripe/confirmar-compra', { query: { session_id: ref.sessionId } });
}

const keyOf = (ref: PaymentRef) =>
  'paymentIntentId' in ref ? `pi:${ref.paymentIntentId}` : `cs:${ref.sessionId}`;

// One registration per payment per page view: the payment form's confirm call is reused by the
// success page, and a remount (React StrictMode, the shell's remote boundary) asks nothing again.
// A failure is not kept, so "check again" asks the server once more.
const confirmations = new Map<string, Promise<PurchaseResult>>();

/**
 * POST /stripe/confirmar-compra-payment-intent or GET /stripe/confirmar-compra: registers the
 * purchase (the server does it exactly once, whoever asks first) and says what it gave.
 */
export function confirmPurchase(ref: PaymentRef, { fresh = false } = {}): Promise<PurchaseResult> {
  const key = keyOf(ref);
  const known = confirmations.get(key);
  if (known && !fresh) return known;
  const pending = requestConfirmation(ref);
  confirmations.set(key, pending);
  pending.catch(() => {
    if (confirmations.get(key) === pending) confirmations.delete(key);
  });
  return pending;
}
