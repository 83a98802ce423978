import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_ERRORS, type AdminSubscription } from '@circo/shared-contracts';
import { useAdminWrite } from '@circo/shared-web';
import { useFormats } from '../../business/hooks/useFormats';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';

/** The coach's subscription paths (ids encoded). */
const paths = {
  cancel: (id: string) => `/admin/subscriptions/${encodeURIComponent(id)}/cancel`,
  refund: (id: string) => `/admin/subscriptions/${encodeURIComponent(id)}/refund`,
};

/**
 * On a student's page, what the coach can do with one of their subscriptions, each asked first:
 * cancel it (at the period's end when it is paid, now when a payment is due), or refund its last
 * period (the money back and the membership over now).
 */
export function SubscriptionActions({ sub }: { sub: AdminSubscription }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const write = useAdminWrite();
  const [asking, setAsking] = useState<'cancel' | 'refund' | null>(null);
  if (sub.status === 'canceled') return null;
  const cancelable = sub.status !== 'active' || !sub.cancelAtPeriodEnd;
  const close = () => setAsking(null);
  const failure = (err: unknown) =>
    t(
      (err as { code?: string }).code === MEMBERSHIP_ERRORS.nothingToRefund
        ? 'plans.actions.nothingToRefund'
        : 'students.actionFailed',
    );
  return (
    <>
      {cancelable && (
        <button type="button" className="btn btn--ghost" onClick={() => setAsking('cancel')}>
          {t('plans.actions.cancel')}
        </button>
      )}
      <button type="button" className="btn btn--ghost" onClick={() => setAsking('refund')}>
        {t('plans.actions.refund')}
      </button>
      {asking === 'cancel' && (
        <ConfirmDialog
          title={t('plans.actions.cancelTitle')}
          name={sub.name || sub.email}
          action={t('plans.actions.cancel')}
          failure={failure}
          onClose={close}
          onConfirm={() => write.mutateAsync({ method: 'POST', path: paths.cancel(sub._id) })}
        >
          <p>
            {sub.status === 'active'
              ? t('plans.actions.cancelText', { date: f.date(sub.currentPeriodEnd) })
              : t('plans.actions.cancelNowText')}
          </p>
        </ConfirmDialog>
      )}
      {asking === 'refund' && (
        <ConfirmDialog
          title={t('plans.actions.refundTitle')}
          name={sub.name || sub.email}
          action={t('plans.actions.refund')}
          failure={failure}
          onClose={close}
          onConfirm={() => write.mutateAsync({ method: 'POST', path: paths.refund(sub._id) })}
        >
          <p>{t('plans.actions.refundText', { amount: f.money(sub.price) })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
