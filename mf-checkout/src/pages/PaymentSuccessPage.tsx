import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner, useSiteContent } from '@circo/shared-web';
import type { PaymentRef } from '../features/payment/paymentsApi';
import { PurchasedItems } from '../features/success/components/PurchasedItems';
import { usePurchaseConfirmation } from '../features/success/hooks/usePurchaseConfirmation';

/** The payment the address names: `payment_intent` (embedded form) or `session_id` (hosted). */
function usePaymentRef(): PaymentRef | null {
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent');
  const sessionId = params.get('session_id');
  return useMemo(() => {
    if (paymentIntentId) return { paymentIntentId };
    if (sessionId) return { sessionId };
    return null;
  }, [paymentIntentId, sessionId]);
}

/**
 * /pago-exitoso (spec sections 2 and 4): processing, then success, problem, no attempt or server
 * error. The shell lets only logged-in users in.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('checkout');
  const ref = usePaymentRef();
  const { state, checkAgain } = usePurchaseConfirmation(ref);
  const email = useSiteContent()?.contact.email;

  if (!ref) {
    return (
      <section className="panel panel--center co-state" data-testid="payment-result">
        <h1>{t('success.noAttempt')}</h1>
        <Link to="/carrito" className="btn btn--primary">
          {t('success.backToCart')}
        </Link>
      </section>
    );
  }

  switch (state.view) {
    case 'processing':
      return (
        <section className="panel panel--center co-state" data-testid="payment-result">
          <h1>{t('success.processing')}</h1>
          <Spinner label={t('success.processing')} />
        </section>
      );
    case 'success':
    case 'alreadyOwned':
      return (
        <section className="success-card co-success" data-testid="payment-result">
          <div className="success-card__icon" aria-hidden="true">
            ✓
          </div>
          {state.result?.membership ? (
            <>
              <h1>{t('membership.active')}</h1>
              <p className="success-card__welcome">{t('membership.activeText')}</p>
            </>
          ) : state.view === 'success' ? (
            <>
              <h1>{t('success.title')}</h1>
              <p className="success-card__welcome">{t('success.thanks')}</p>
            </>
          ) : (
            // nothing was new: the server gives the money back
            <h1>{t('success.alreadyOwned')}</h1>
          )}
          {state.result && <PurchasedItems items={state.result.items} />}
          <Link to="/mis-cursos" className="btn btn--primary">
            {t('success.myCourses')}
          </Link>
        </section>
      );
    case 'pending':
    case 'serverError':
      return (
        <section className="panel panel--center co-state" data-testid="payment-result">
          <h1>{t(`success.${state.view}`)}</h1>
          <button type="button" className="btn btn--primary" onClick={checkAgain}>
            {t('success.checkAgain')}
          </button>
        </section>
      );
    case 'problem':
      return (
        <section className="panel panel--center co-state" data-testid="payment-result">
          <h1>{t('success.problem')}</h1>
          {email && <p>{t('success.problemHelp', { email })}</p>}
          <Link to="/carrito" className="btn btn--ghost">
            {t('success.backToCart')}
          </Link>
        </section>
      );
  }
}
