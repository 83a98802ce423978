import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminSubscription } from '@circo/shared-contracts';
import { Price, getJson } from '@circo/shared-web';
import { DataTable, type Column } from '../../common/components/DataTable';
import { displayTitle } from '../../common/titles';
import { SubscriptionActions } from './SubscriptionActions';

/**
 * The subscribers: who, which plan, status, since when and the next renewal (or end). On a
 * student's page (`userId`), each with the coach's actions: cancel, refund the last period.
 */
export function SubscribersTable({ userId }: { userId?: string }) {
  const { t, i18n } = useTranslation('admin');
  const subs = useQuery({
    queryKey: ['admin', 'subscriptions', userId ?? 'all'],
    queryFn: getJson<AdminSubscription[]>('/admin/subscriptions', userId ? { userId } : undefined),
  });
  const date = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleDateString(i18n.language, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        })
      : '—';
  const columns: Column<AdminSubscription>[] = [
    {
      header: t('plans.table.student'),
      cell: (s) => <Link to={`/admin/alumnos/${s.userId}`}>{s.name || s.email}</Link>,
    },
    { header: t('plans.table.plan'), cell: (s) => displayTitle(s.planName) },
    {
      header: t('fields.price'),
      cell: (s) => (
        <>
          <Price amount={s.price} /> {t(`plans.per_${s.interval}`)}
        </>
      ),
    },
    {
      header: t('fields.status'),
      cell: (s) =>
        s.status === 'active' && s.cancelAtPeriodEnd
          ? t('plans.status.ending')
          : t(`plans.status.${s.status}`),
    },
    { header: t('plans.table.since'), cell: (s) => date(s.since) },
    {
      header: t('plans.table.next'),
      cell: (s) => (s.status === 'canceled' ? '—' : date(s.currentPeriodEnd)),
    },
    ...(userId
      ? [
          {
            header: <span className="visually-hidden">{t('students.actions')}</span>,
            cell: (s: AdminSubscription) => <SubscriptionActions sub={s} />,
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="subscribers-title" className="adm-sales">
      <h2 id="subscribers-title">{t('plans.subscribers')}</h2>
      <DataTable
        rows={subs.data ?? []}
        columns={columns}
        rowKey={(s) => s._id}
        caption={t('plans.subscribers')}
        captionClassName="visually-hidden"
        empty={t('plans.table.empty')}
        rowTestId="subscriber-row"
      />
    </section>
  );
}
