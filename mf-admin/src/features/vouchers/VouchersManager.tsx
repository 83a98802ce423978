import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDiscount, Lang } from '@circo/shared-contracts';
import {
  Alert,
  Price,
  Spinner,
  adminPaths,
  adminQueries,
  toResource,
  useAdminWrite,
} from '@circo/shared-web';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DetailPanel } from '../common/DetailPanel';
import { Dialog } from '../common/Dialog';
import { ListRow } from '../common/OrderedList';
import { VoucherForm } from './VoucherForm';

/** /admin/bonos: vouchers with their status, a create modal and a detail panel. */
export function VouchersManager() {
  const { t, i18n } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.discounts()));
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<AdminDiscount | null>(null);
  const write = useAdminWrite();
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
  const current = res.data.find((d) => d._id === selected);
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
    <div className="adm-manager">
      <section className="adm-list-pane" aria-labelledby="vouchers-heading">
        <div className="adm-pane-head">
          <h2 id="vouchers-heading">{t('vouchers.list')}</h2>
          <button type="button" className="btn btn--accent" onClick={() => setAdding(true)}>
            {t('vouchers.add')}
          </button>
        </div>
        {res.data.length === 0 && <p className="adm-muted">{t('vouchers.empty')}</p>}
        <ul className="adm-list">
          {res.data.map((d) => (
            <li key={d._id}>
              <ListRow
                name={d.name}
                selected={d._id === selected}
                onSelect={() => setSelected(d._id)}
                testId="voucher-row"
                marks={
                  <span className="adm-muted">
                    {discount(d)} · {status(d)}
                  </span>
                }
              >
                <button type="button" className="btn btn--ghost" onClick={() => setSelected(d._id)}>
                  {t('actions.edit')}
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => setConfirming(d)}>
                  {t('actions.delete')}
                </button>
              </ListRow>
            </li>
          ))}
        </ul>
      </section>
      <div className="adm-detail-pane">
        {current ? (
          <DetailPanel
            key={current._id}
            idPrefix={`voucher-${current._id}`}
            heading={current.name}
            view={view(current)}
            edit={(done) => <VoucherForm item={current} onDone={done} onCancel={done} />}
          />
        ) : (
          <p className="adm-muted adm-hint-pane">{t('panel.choose')}</p>
        )}
      </div>
      {adding && (
        <Dialog title={t('vouchers.add')} onClose={() => setAdding(false)} wide>
          <VoucherForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
        </Dialog>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('confirm.delete_voucher')}
          name={confirming.name}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            write.mutateAsync({ method: 'DELETE', path: adminPaths.discount(confirming._id) })
          }
        />
      )}
    </div>
  );
}
