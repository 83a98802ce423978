import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDiscount, Lang } from '@circo/shared-contracts';
import { Alert, Price, Spinner, adminPaths, adminQueries, toResource } from '@circo/shared-web';
import { ListManager } from '../../common/components/ListManager';
import { VoucherForm } from './VoucherForm';

/** /admin/bonos: vouchers with their status, a create modal and a detail panel. */
export function VouchersManager() {
  const { t, i18n } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.discounts()));
  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') return <Alert tone="error">{t('errors.loadFailed')}</Alert>;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
  const status = (d: AdminDiscount) => {
    const now = Date.now();
    if (!d.active) return t('vouchers.off');
    if (Date.parse(d.startDate) > now) return t('vouchers.scheduled');
    if (Date.parse(d.endDate) < now) return t('vouchers.ended');
    return t('vouchers.running');
  };
  const discount = (d: AdminDiscount) =>
    d.percentage > 0 ? `${d.percentage} %` : <Price amount={d.amount} />;
  const view = (d: AdminDiscount) => (lang: Lang) => (
    <dl className="adm-view">
      <dt>{t('fields.name')}</dt>
      <dd>{d.nameI18n?.[lang] || d.name}</dd>
      <dt>{t('fields.descriptionOptional')}</dt>
      <dd>{d.descriptionI18n?.[lang] || d.description || '—'}</dd>
      <dt>{t('fields.voucherType')}</dt>
      <dd>{t(`vouchers.type_${d.type}`)}</dd>
      <dt>{t('fields.discount')}</dt>
      <dd>{discount(d)}</dd>
      <dt>{t('fields.validFrom')}</dt>
      <dd>{date(d.startDate)}</dd>
      <dt>{t('fields.validUntil')}</dt>
      <dd>{date(d.endDate)}</dd>
      <dt>{t('fields.status')}</dt>
      <dd>{status(d)}</dd>
      <dt>{t('fields.appliesTo')}</dt>
      <dd>{d.targetItems.map((x) => x.title || x._id).join(', ')}</dd>
    </dl>
  );
  return (
    <ListManager
      items={res.data}
      headingId="vouchers-heading"
      panelIdPrefix="voucher"
      texts={{
        list: t('vouchers.list'),
        add: t('vouchers.add'),
        empty: t('vouchers.empty'),
        confirmDelete: t('confirm.delete_voucher'),
      }}
      name={(d) => d.name}
      marks={(d) => (
        <span className="adm-muted">
          {discount(d)} · {status(d)}
        </span>
      )}
      rowTestId="voucher-row"
      view={view}
      form={(props) => <VoucherForm {...props} />}
      deletePath={(d) => adminPaths.discount(d._id)}
    />
  );
}
