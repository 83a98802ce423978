// What the checkout does with each answer of the payment calls: pure, so every branch of the
// spec's payment form and success page is tested without a browser.
import {
  PAYMENT_ERRORS,
  type LocalCardResponse,
  type PurchaseResult,
} from '@circo/shared-contracts';

/** The next step after the card provider answered. */
export type CardStep =
  | { kind: 'confirm' }
  | { kind: 'redirect'; url: string }
  /** `message`: the provider's own text (a decline); none: "the payment did not complete". */
  | { kind: 'failed'; message?: string };

/** The local test provider's answer (POST /stripe/local/confirm). */
export function localCardStep(res: LocalCardResponse): CardStep {
  switch (res.status) {
    case 'succeeded':
      return { kind: 'confirm' };
    case 'requires_action':
      return res.redirectUrl ? { kind: 'redirect', url: res.redirectUrl } : { kind: 'failed' };
    case 'failed':
      return { kind: 'failed', message: res.error?.message || undefined };
  }
}

/** Stripe's `confirmPayment` result with `redirect: 'if_required'`. */
export function stripeStep(result: {
  error?: { message?: string };
  paymentIntent?: { status: string };
}): CardStep {
  if (result.error) return { kind: 'failed', message: result.error.message || undefined };
  return result.paymentIntent?.status === 'succeeded' ? { kind: 'confirm' } : { kind: 'failed' };
}

/** Whether a confirmed purchase gives access now: then the cart is emptied. */
export function purchaseCompleted(result: PurchaseResult): boolean {
  // a membership's payment bought nothing of the cart: the cart stays as it was
  if (result.membership) return false;
  return result.outcome === 'registered' || result.outcome === 'already_owned';
}

/** The states of /pago-exitoso once the confirm call answered (spec section 4). */
export type SuccessView = 'success' | 'alreadyOwned' | 'pending' | 'problem' | 'serverError';

export function successView(result: PurchaseResult): SuccessView {
  switch (result.outcome) {
    case 'registered':
      return 'success';
    case 'already_owned':
      return 'alreadyOwned';
    case 'processing':
      return 'pending';
    case 'failed':
      return 'problem';
  }
}

type MaybeApiError = { status?: unknown; code?: unknown } | null | undefined;

const statusOf = (err: unknown): number | undefined => {
  const status = (err as MaybeApiError)?.status;
  return typeof status === 'number' ? status : undefined;
};
const codeOf = (err: unknown): string | undefined => {
  const code = (err as MaybeApiError)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * A failed confirm call: the server was not reached or failed (network, 5xx: "Error al conectar
 * con el servidor.") or it refused this payment (403 not yours, 404 unknown: a problem).
 */
export function successViewForError(err: unknown): SuccessView {
  const status = statusOf(err);
  return status === undefined || status === 0 || status >= 500 ? 'serverError' : 'problem';
}

/** Why a payment could not start (POST /stripe/crear-payment-intent failed). */
export type StartFailure =
  'alreadyOwned' | 'salesPaused' | 'itemUnavailable' | 'loginRequired' | 'startFailed';

export function startFailure(err: unknown): StartFailure {
  const code = codeOf(err);
  if (code === PAYMENT_ERRORS.alreadyOwned) return 'alreadyOwned';
  if (code === PAYMENT_ERRORS.salesPaused) return 'salesPaused';
  if (code === PAYMENT_ERRORS.itemNotFound || code === PAYMENT_ERRORS.itemUnavailable) {
    return 'itemUnavailable';
  }
  return statusOf(err) === 401 ? 'loginRequired' : 'startFailed';
}
