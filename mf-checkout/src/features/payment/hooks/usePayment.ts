import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCartStore } from '@circo/shared-web';
import { confirmPurchase } from '../paymentsApi';
import { purchaseCompleted, type CardStep } from '../outcome';

export interface Payment {
  /** Runs one payment attempt: `charge` asks the card provider and says what to do next. */
  pay: (charge: () => Promise<CardStep>) => Promise<void>;
  processing: boolean;
  /** The translated failure message, or the provider's own (a decline). */
  failure: string | null;
}

/** The success page of a payment. */
export const successPath = (paymentIntentId: string) =>
  `/pago-exitoso?payment_intent=${encodeURIComponent(paymentIntentId)}`;

/**
 * The payment form's states (spec section 4): idle, processing while the provider confirms, then
 * either the purchase is registered, the cart emptied and the buyer sent to /pago-exitoso, or a
 * failure message. A confirmation step the provider asks for is a redirect.
 */
export function usePayment(paymentIntentId: string): Payment {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const clearCart = useCartStore((s) => s.clear);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const pay = useCallback(
    async (charge: () => Promise<CardStep>) => {
      setProcessing(true);
      setFailure(null);
      let step: CardStep;
      try {
        step = await charge();
      } catch (err) {
        console.error('payment failed', err);
        setFailure(t('payment.unexpected'));
        setProcessing(false);
        return;
      }
      if (step.kind === 'redirect') {
        // the provider's confirmation page sends the browser back to /pago-exitoso
        window.location.assign(step.url);
        return;
      }
      if (step.kind === 'failed') {
        setFailure(step.message ?? t('payment.notCompleted'));
        setProcessing(false);
        return;
      }
      // the card was charged: register the purchase. If that call fails, the success page
      // asks again (the server registers it once, and a webhook does it too when configured).
      try {
        const result = await confirmPurchase({ paymentIntentId });
        if (result.outcome === 'failed') {
          setFailure(t('payment.notCompleted'));
          setProcessing(false);
          return;
        }
        void navigate(successPath(paymentIntentId));
        if (purchaseCompleted(result)) clearCart();
      } catch (err) {
        console.error('the purchase could not be registered yet', err);
        void navigate(successPath(paymentIntentId));
      }
    },
    [paymentIntentId, navigate, clearCart, t],
  );

  return { pay, processing, failure };
}
