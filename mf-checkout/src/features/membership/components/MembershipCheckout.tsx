import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  BILLING_ERRORS,
  MEMBERSHIP_ERRORS,
  formatUsd,
  type BillingDetails,
  type PublicPlan,
} from '@circo/shared-contracts';
import {
  Alert,
  Spinner,
  catalogQueries,
  toResource,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';
import { BillingForm } from '../../billing/components/BillingForm';
import { TaxLine } from '../../billing/components/TaxLine';
import { LoginRequired } from '../../cart/components/LoginRequired';
import { TermsAcceptance } from '../../cart/components/TermsAcceptance';
import { PaymentForm, StartFailed } from '../../payment/components/PaymentPanel';
import { checkoutQueries } from '../../payment/checkoutQueries';

/** The plan's card: price per month or year and what it opens. */
function PlanSummary({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="co-plan" data-testid="membership-summary">
      <h2 className="co-plan__name">{plan.name}</h2>
      <p className="co-plan__price">
        <strong>{formatUsd(plan.price)} USD</strong> {t(`membership.per.${plan.interval}`)}
      </p>
      <p>
        {plan.includesAll
          ? t('membership.everything')
          : t('membership.items', { titles: plan.items.map((i) => i.title).join(', ') })}
      </p>
      <p className="co-plan__terms">{t(`membership.renews.${plan.interval}`)}</p>
    </div>
  );
}

/**
 * Who is billed (prefilled with the student's last details, as checkout does), the VAT inside
 * the price for that country, and the payment of the first period once the terms are accepted.
 */
function SubscriptionPayment({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('checkout');
  const lang = useLanguageStore((s) => s.lang);
  const [accepted, setAccepted] = useState(false);
  const [billing, setBilling] = useState<BillingDetails | undefined>();
  const started = toResource(useQuery(checkoutQueries.subscription(plan._id, lang, billing)));
  const code = started.status === 'error' ? started.error.code : null;
  let body = null;
  if (code === MEMBERSHIP_ERRORS.alreadySubscribed) {
    body = (
      <Alert tone="info">
        {t('membership.already')} <Link to="/mis-cursos">{t('success.myCourses')}</Link>
      </Alert>
    );
  } else if (code === MEMBERSHIP_ERRORS.planWithdrawn) {
    body = <Alert tone="error">{t('membership.withdrawn')}</Alert>;
  } else if (started.status === 'error' && code !== BILLING_ERRORS.invalidVatNumber) {
    body = <StartFailed retry={started.retry} />;
  } else if (accepted && started.status !== 'error') {
    body = started.status === 'loading' ? <Spinner /> : <PaymentForm intent={started.data} />;
  }
  return (
    <>
      {started.status === 'success' && started.data.tax && <TaxLine tax={started.data.tax} />}
      <BillingForm
        onApply={setBilling}
        error={code === BILLING_ERRORS.invalidVatNumber ? t('billing.invalidVatNumber') : null}
        busy={started.status === 'loading'}
      />
      <section className="co-payment" aria-labelledby="payment-title" data-testid="payment-panel">
        <h2 id="payment-title" className="co-payment__title">
          {t('payment.title')}
        </h2>
        <TermsAcceptance accepted={accepted} onChange={setAccepted} />
        {body}
        <p className="co-payment__secure">{t('payment.secure')}</p>
      </section>
    </>
  );
}

/** /pago-embed?plan=<id>: subscribing to a membership plan, signed in. */
export function MembershipCheckout({ planId }: { planId: string }) {
  const { t } = useTranslation('checkout');
  const lang = useLanguageStore((s) => s.lang);
  const session = useSessionStore((s) => s.status);
  const plans = toResource(useQuery(catalogQueries.plans(lang)));
  if (session === 'loading' || plans.status === 'loading') return <Spinner />;
  if (session === 'anonymous') return <LoginRequired />;
  const plan = plans.status === 'success' ? plans.data.find((p) => p._id === planId) : undefined;
  return (
    <div className="co-page" data-testid="membership-checkout">
      <h1 className="co-page__title">{t('membership.title')}</h1>
      {plans.status === 'error' && <StartFailed retry={plans.retry} />}
      {plans.status === 'success' && !plan && (
        <Alert tone="error">
          {t('membership.withdrawn')} <Link to="/membresia">{t('membership.plans')}</Link>
        </Alert>
      )}
      {plan && (
        <div className="co-layout">
          <PlanSummary plan={plan} />
          <aside className="co-summary panel" aria-label={t('cart.summary')}>
            <SubscriptionPayment plan={plan} />
          </aside>
        </div>
      )}
    </div>
  );
}
