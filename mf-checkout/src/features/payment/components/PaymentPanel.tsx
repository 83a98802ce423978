import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem, PaymentIntentResponse } from '@circo/shared-contracts';
import { Alert, useAppConfig, useSessionStore, type Resource } from '@circo/shared-web';
import { startFailure } from '../outcome';
import { AlreadyOwnedNotice } from './AlreadyOwnedNotice';
import { FreePurchaseForm } from './FreePurchaseForm';
import { LocalCardForm } from './LocalCardForm';

// Stripe.js and the Payment Element load only when the server pays through Stripe
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

function LoadingForm() {
  const { t } = useTranslation('checkout');
  return (
    <p className="co-loading-form" role="status" data-testid="payment-loading">
      {t('payment.loadingForm')}
    </p>
  );
}

export function StartFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('checkout');
  return (
    <div role="alert" className="alert alert--error co-start-failed" data-testid="start-failed">
      <p>{t('payment.startFailed')}</p>
      <button type="button" className="btn btn--ghost" onClick={retry}>
        {t('payment.retry')}
      </button>
    </div>
  );
}

/** The card form of a started payment: the test card form, Stripe's Payment Element, or none. */
export function PaymentForm({
  intent,
}: {
  intent: Pick<
    PaymentIntentResponse,
    'paymentIntentId' | 'amount' | 'provider' | 'clientSecret' | 'free'
  >;
}) {
  const publishableKey = useAppConfig((s) => s.stripePublishableKey);
  const { paymentIntentId, amount } = intent;
  if (intent.free)
    return <FreePurchaseForm key={paymentIntentId} paymentIntentId={paymentIntentId} />;
  if (intent.provider === 'local') {
    return (
      <LocalCardForm key={paymentIntentId} paymentIntentId={paymentIntentId} amount={amount} />
    );
  }
  if (!publishableKey) return <StartFailed retry={() => window.location.reload()} />;
  return (
    <Suspense fallback={<LoadingForm />}>
      <StripePaymentForm
        key={paymentIntentId}
        publishableKey={publishableKey}
        clientSecret={intent.clientSecret}
        paymentIntentId={paymentIntentId}
        amount={amount}
      />
    </Suspense>
  );
}

/**
 * The payment area of /pago-embed (spec section 2): the card form only once the payment has
 * started (client secret loaded) and the terms are accepted, "Cargando formulario de pago..."
 * while waiting, and what to do when the payment cannot start.
 */
export function PaymentPanel({
  intent,
  items,
  termsAccepted,
}: {
  intent: Resource<PaymentIntentResponse>;
  items: readonly CartItem[];
  termsAccepted: boolean;
}) {
  const { t } = useTranslation('checkout');
  const failure = intent.status === 'error' ? startFailure(intent.error) : null;
  const free = intent.status === 'success' && intent.data.free === true;

  useEffect(() => {
    // the server paused sales since the page loaded: the header and this page follow
    if (failure === 'salesPaused') useAppConfig.setState({ salesPaused: true });
    // the session ended (token expired): the page asks to log in again
    if (failure === 'loginRequired') useSessionStore.getState().logout();
  }, [failure]);

  let body = null;
  if (intent.status === 'error') {
    if (failure === 'alreadyOwned') {
      body = <AlreadyOwnedNotice owned={items.map((i) => ({ id: i._id, type: i.type }))} />;
    } else if (failure === 'itemUnavailable') {
      body = <Alert tone="error">{t('payment.itemUnavailable')}</Alert>;
    } else {
      body = <StartFailed retry={intent.retry} />;
    }
  } else if (termsAccepted) {
    // until then the terms box shows its warning
    body = intent.status === 'loading' ? <LoadingForm /> : <PaymentForm intent={intent.data} />;
  }

  return (
    <section className="co-payment" aria-labelledby="payment-title" data-testid="payment-panel">
      <h2 id="payment-title" className="co-payment__title">
        {free ? t('payment.free.title') : t('payment.title')}
      </h2>
      {intent.status === 'success' && intent.data.alreadyOwned.length > 0 && (
        <AlreadyOwnedNotice owned={intent.data.alreadyOwned} />
      )}
      {body}
      {!free && <p className="co-payment__secure">{t('payment.secure')}</p>}
    </section>
  );
}
