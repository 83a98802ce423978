import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  formatUsd,
  type BillingPortalResponse,
  type MySubscription,
} from '@circo/shared-contracts';
import { Alert, api, getJson, learningKeys, useApiMutation } from '@circo/shared-web';
import { useLang, useUserId } from '../shared/hooks';
import { formatDate } from '../shared/localized';

const keyOf = (userId: string) => ['learning', userId, 'subscriptions'] as const;

/** A membership paid through Stripe: its cards and past invoices, on Stripe's Customer Portal. */
function PortalButton() {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const open = useApiMutation<BillingPortalResponse, void>({
    mutationFn: () =>
      api<BillingPortalResponse>('/users/me/subscriptions/portal', {
        method: 'POST',
        body: { lang },
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={open.isPending}
        onClick={() => open.mutate()}
      >
        {t('membership.portal')}
      </button>
      {open.isError && <Alert tone="error">{t('membership.portalFailed')}</Alert>}
    </>
  );
}

/** One membership: its state, its next renewal or end, and cancel / resume / pay what is due. */
function MembershipRow({ sub, highlighted }: { sub: MySubscription; highlighted: boolean }) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const userId = useUserId();
  const change = useApiMutation<MySubscription, 'cancel' | 'resume'>({
    mutationFn: (action) =>
      api<MySubscription>(`/users/me/subscriptions/${sub._id}/${action}`, { method: 'POST' }),
    // the plan's items open or close with it: My Courses asks again
    invalidates: [keyOf(userId), learningKeys.all],
  });
  const name = sub.planName[lang] || sub.planName.es;
  const end = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd, lang) : '';
  let state = '';
  if (sub.status === 'active') {
    state = sub.cancelAtPeriodEnd
      ? t('membership.endsOn', { date: end })
      : t('membership.renewsOn', { date: end });
  } else if (sub.status === 'past_due') {
    state = t('membership.pastDue', {
      date: formatDate(sub.graceUntil ?? sub.currentPeriodEnd!, lang),
    });
  }
  return (
    <li
      className={`learn-membership${highlighted ? ' learn-membership--due' : ''}`}
      data-testid="membership"
    >
      <p className="learn-membership__name">
        <strong>{name}</strong> · {formatUsd(sub.price)} USD {t(`membership.per.${sub.interval}`)}
      </p>
      <p className="learn-membership__state" data-testid="membership-state">
        {state}
      </p>
      {sub.status === 'active' && !sub.cancelAtPeriodEnd && sub.newPrice && sub.newPriceFrom && (
        <p className="learn-membership__state" data-testid="membership-new-price">
          {t('membership.newPrice', {
            date: formatDate(sub.newPriceFrom, lang),
            price: `${formatUsd(sub.newPrice)} USD ${t(`membership.per.${sub.interval}`)}`,
          })}
        </p>
      )}
      <div className="learn-settings__actions">
        {sub.status === 'active' && !sub.cancelAtPeriodEnd && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={change.isPending}
            onClick={() => change.mutate('cancel')}
          >
            {t('membership.cancel')}
          </button>
        )}
        {sub.status === 'active' && sub.cancelAtPeriodEnd && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={change.isPending}
            onClick={() => change.mutate('resume')}
          >
            {t('membership.resume')}
          </button>
        )}
        {sub.status === 'past_due' && (
          <Link className="btn btn--primary" to={`/pago-embed?membresia=${sub._id}`}>
            {t('membership.payDue')}
          </Link>
        )}
        {sub.portal && <PortalButton />}
      </div>
      {change.isError && <Alert tone="error">{t('membership.failed')}</Alert>}
    </li>
  );
}

/** My Courses' memberships: the running ones, each with one tap to cancel (or resume). */
export function MembershipPanel() {
  const { t } = useTranslation('learning');
  const userId = useUserId();
  const [params] = useSearchParams();
  const due = params.get('membresia');
  const subs = useQuery({
    queryKey: keyOf(userId),
    queryFn: getJson<MySubscription[]>('/users/me/subscriptions'),
    enabled: !!userId,
  });
  const running = (subs.data ?? []).filter((s) => s.status === 'active' || s.status === 'past_due');
  if (running.length === 0) return null;
  return (
    <section className="panel learn-memberships" aria-labelledby="memberships-title">
      <h2 id="memberships-title">{t('membership.title')}</h2>
      <ul className="learn-memberships__list">
        {running.map((s) => (
          <MembershipRow key={s._id} sub={s} highlighted={s._id === due} />
        ))}
      </ul>
    </section>
  );
}
