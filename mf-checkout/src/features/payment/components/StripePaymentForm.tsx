import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { Alert } from '@circo/shared-web';
import { usePayment } from '../hooks/usePayment';
import { stripeStep } from '../outcome';
import { stripeFor } from '../stripeLoader';
import { PayButton } from './PayButton';

interface Props {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
}

function StripeForm({ paymentIntentId, amount }: Pick<Props, 'paymentIntentId' | 'amount'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const { pay, processing, failure } = usePayment(paymentIntentId);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // spec section 5: submitted only when the provider and its form are ready
    if (!stripe || !elements || !ready || processing) return;
    pay(async () =>
      stripeStep(
        await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: `${window.location.origin}/pago-exitoso` },
          redirect: 'if_required',
        }),
      ),
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} data-testid="stripe-form">
      <PaymentElement onReady={() => setReady(true)} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <PayButton processing={processing} amount={amount} disabled={!stripe || !ready} />
    </form>
  );
}

/**
 * Stripe's Payment Element in its default theme (spec section 9). Loaded only when the server
 * uses Stripe, so the local test mode never downloads Stripe.js.
 */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (s) => live && setStripe(s),
      (err: unknown) => {
        console.error('Stripe.js could not be loaded', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (failed) {
    return (
      <div role="alert" className="alert alert--error co-start-failed">
        <p>{t('payment.startFailed')}</p>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        >
          {t('payment.retry')}
        </button>
      </div>
    );
  }
  if (!stripe) return <p className="co-loading-form">{t('payment.loadingForm')}</p>;
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret, locale: i18n.language as 'es' | 'en' | 'fr' }}
    >
      <StripeForm {...rest} />
    </Elements>
  );
}
