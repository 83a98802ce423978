import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PurchaseResult } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';
import { checkoutKeys } from '../checkoutQueries';
import { purchaseCompleted, type CardStep } from '../outcome';
import { confirmPurchase } from '../paymentsApi';

export interface Payment {
  /** Runs one payment attempt: `charge` asks the card provider and says what to do next. */
  pay: (charge: () => Promise<CardStep>) => void;
  processing: boolean;
  /** The translated failure message, or the provider's own (a decline). */
  failure: string | null;
}

/** The success page of a payment. */
export const successPath = (paymentIntentId: string) =>
  `/pago-exitoso?payment_intent=${encodeURIComponent(paymentIntentId)}`;

type Attempt =
  | Exclude<CardStep, { kind: 'confirm' }>
  /** Charged; `result` is missing when the registration call failed (the success page retries). */
  | { kind: 'paid'; result?: PurchaseResult };

/**
 * The payment form's states (spec section 4): idle, processing while the provider confirms, then
 * either the purchase is registered, the cart emptied and the buyer sent to /pago-exitoso, or a
 * failure message. A confirmation step the provider asks for is a redirect.
 */
export function usePayment(paymentIntentId: string): Payment {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearCart = useCartStore((s) => s.clear);

  const attempt = useMutation<Attempt, unknown, () => Promise<CardStep>>({
    mutationFn: async (charge) => {
      const step = await charge();
      if (step.kind !== 'confirm') return step;
      // the card was charged: register the purchase. If this call fails, the success page asks
      // again (the server registers it once; a webhook does it too when configured)
      try {
        return { kind: 'paid', result: await confirmPurchase({ paymentIntentId }) };
      } catch (err) {
        console.error('the purchase could not be registered yet', err);
        return { kind: 'paid' };
      }
    },
    onSuccess: (done) => {
      if (done.kind === 'redirect') {
        // the provider's confirmation page sends the browser back to /pago-exitoso
        window.location.assign(done.url);
      } else if (done.kind === 'paid' && done.result?.outcome !== 'failed') {
        if (done.result) {
          queryClient.setQueryData(checkoutKeys.purchase({ paymentIntentId }), done.result);
        }
        void navigate(successPath(paymentIntentId));
        if (done.result && purchaseCompleted(done.result)) clearCart();
      }
    },
    onError: (err) => console.error('payment failed', err),
  });

  const done = attempt.data;
  let failure: string | null = null;
  if (attempt.isError) failure = t('payment.unexpected');
  else if (done?.kind === 'failed') failure = done.message ?? t('payment.notCompleted');
  else if (done?.kind === 'paid' && done.result?.outcome === 'failed') {
    failure = t('payment.notCompleted');
  }
  // leaving the page (redirect, success page) keeps the button busy until it is gone
  const leaving = done?.kind === 'redirect' || (done?.kind === 'paid' && !failure);

  return {
    pay: (charge) => attempt.mutate(charge),
    processing: attempt.isPending || leaving,
    failure,
  };
}
