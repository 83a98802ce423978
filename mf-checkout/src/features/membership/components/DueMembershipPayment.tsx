import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatUsd, type SubscribeResponse } from '@circo/shared-contracts';
import { Alert, Spinner, api, toApiError, toResource, useSessionStore } from '@circo/shared-web';
import { LoginRequired } from '../../cart/components/LoginRequired';
import { PaymentForm } from '../../payment/components/PaymentPanel';

/**
 * /pago-embed?membresia=<id>: the renewal a past-due membership waits for, paid with another card
 * (the link of the "we could not charge" e-mail, and of My Courses).
 */
export function DueMembershipPayment({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('checkout');
  const session = useSessionStore((s) => s.status);
  const due = toResource(
    useQuery({
      queryKey: ['checkout', 'membership-due', subscriptionId],
      queryFn: async () => {
        try {
          return await api<SubscribeResponse>(
            `/users/me/subscriptions/${encodeURIComponent(subscriptionId)}/pay`,
            { method: 'POST' },
          );
        } catch (err) {
          throw toApiError(err);
        }
      },
      enabled: session === 'authenticated',
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
  );
  if (session === 'anonymous') return <LoginRequired />;
  return (
    <div className="co-page" data-testid="membership-due">
      <h1 className="co-page__title">{t('membership.dueTitle')}</h1>
      {due.status === 'loading' && <Spinner />}
      {due.status === 'error' && (
        <Alert tone="info">
          {t('membership.nothingDue')} <Link to="/mis-cursos">{t('success.myCourses')}</Link>
        </Alert>
      )}
      {due.status === 'success' && (
        <section className="co-summary panel co-payment" aria-labelledby="payment-title">
          <h2 id="payment-title" className="co-payment__title">
            {t('payment.title')}: {formatUsd(due.data.amount)} USD
          </h2>
          <PaymentForm intent={due.data} />
        </section>
      )}
    </div>
  );
}
