import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BILLING_ERRORS, type BillingDetails, type CartItem } from '@circo/shared-contracts';
import { Alert, Spinner, useCartStore, useLanguageStore } from '@circo/shared-web';
import { BillingForm } from '../features/billing/components/BillingForm';
import { TaxLine } from '../features/billing/components/TaxLine';
import { CartGateView } from '../features/cart/components/CartGateView';
import { CartLineList } from '../features/cart/components/CartLineList';
import { CartTotal } from '../features/cart/components/CartTotal';
import { TermsAcceptance } from '../features/cart/components/TermsAcceptance';
import { useCartGate } from '../features/cart/hooks/useCartGate';
import { useRenewLink } from '../features/cart/hooks/useRenewLink';
import { cartLines, checkoutTotal } from '../features/cart/lines';
import { DueMembershipPayment } from '../features/membership/components/DueMembershipPayment';
import { MembershipCheckout } from '../features/membership/components/MembershipCheckout';
import { PaymentPanel } from '../features/payment/components/PaymentPanel';
import { usePaymentIntent } from '../features/payment/hooks/usePaymentIntent';

function Checkout({ items }: { items: CartItem[] }) {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const lang = useLanguageStore((s) => s.lang);
  const clear = useCartStore((s) => s.clear);
  const [accepted, setAccepted] = useState(
    () => (location.state as { termsAccepted?: boolean } | null)?.termsAccepted === true,
  );
  const [billing, setBilling] = useState<BillingDetails | undefined>();
  const intent = usePaymentIntent(items, billing);
  // once the server priced the payment, its prices, discounts, tax and access dates are shown
  const quote = intent.status === 'success' ? intent.data : undefined;
  const billingError =
    intent.status === 'error' && intent.error.code === BILLING_ERRORS.invalidVatNumber
      ? t('billing.invalidVatNumber')
      : null;

  return (
    <div className="co-page" data-testid="checkout-page">
      <h1 className="co-page__title">{t('cart.checkoutTitle')}</h1>
      <div className="co-layout">
        <CartLineList lines={cartLines(items, lang, quote)} />
        <aside className="co-summary panel" aria-label={t('cart.summary')}>
          <CartTotal amount={checkoutTotal(items, quote)} />
          {quote && <TaxLine tax={quote.tax} />}
          <BillingForm
            onApply={setBilling}
            error={billingError}
            busy={intent.status === 'loading'}
          />
          <TermsAcceptance accepted={accepted} onChange={setAccepted} />
          <PaymentPanel intent={intent} items={items} termsAccepted={accepted} />
          <button type="button" className="btn btn--ghost btn--block" onClick={clear}>
            {t('cart.clear')}
          </button>
        </aside>
      </div>
    </div>
  );
}

/** /pago-embed?plan=<id>: a membership; ?membresia=<id>: its renewal due; else the cart. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const dueId = params.get('membresia');
  if (planId) return <MembershipCheckout planId={planId} />;
  if (dueId) return <DueMembershipPayment subscriptionId={dueId} />;
  return <CartCheckoutPage />;
}

/** /pago-embed: the cart with the embedded card payment (and a reminder's renew link). */
function CartCheckoutPage() {
  const { t } = useTranslation('checkout');
  const gate = useCartGate();
  const renew = useRenewLink();
  if (renew === 'adding') return <Spinner />;
  return (
    <>
      {renew === 'failed' && <Alert tone="error">{t('cart.renewFailed')}</Alert>}
      {gate.state === 'ready' ? <Checkout items={gate.items} /> : <CartGateView gate={gate} />}
    </>
  );
}
