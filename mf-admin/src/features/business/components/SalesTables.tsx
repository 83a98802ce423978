import { useTranslation } from 'react-i18next';
import type { SalesStats } from '@circo/shared-contracts';
import { DataTable } from '../../common/components/DataTable';
import { displayTitle } from '../../common/titles';
import { useFormats } from '../hooks/useFormats';

/** What sold in the period by item and by voucher, and the chart's numbers as a table. */
export function SalesTables({ stats }: { stats: SalesStats }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <>
      <div className="adm-sales__tables">
        <DataTable
          caption={t('business.byItem')}
          rows={stats.items}
          rowKey={(i) => `${i.itemType}:${i.itemId}`}
          empty={t('business.noSales')}
          columns={[
            {
              header: t('business.item'),
              cell: (i) => (
                <>
                  {displayTitle(i.title)}{' '}
                  <span className="adm-muted">({t(`business.itemType.${i.itemType}`)})</span>
                </>
              ),
            },
            { header: t('business.sold'), cell: (i) => i.sold },
            { header: t('business.totals.net'), cell: (i) => f.money(i.net) },
          ]}
        />
        <DataTable
          caption={t('business.byVoucher')}
          rows={stats.vouchers}
          rowKey={(v) => `${v.discountId}:${v.name}`}
          empty={t('business.noVouchers')}
          columns={[
            { header: t('business.voucher'), cell: (v) => v.name || '—' },
            { header: t('business.uses'), cell: (v) => v.uses },
            { header: t('business.cost'), cell: (v) => f.money(v.cost) },
          ]}
        />
      </div>
      <details className="adm-sales__data">
        <summary>{t('business.asTable')}</summary>
        <DataTable
          rows={stats.series}
          rowKey={(s) => s.period}
          columns={[
            {
              header: t('business.bucket'),
              cell: (s) => f.day(s.period, stats.groupBy === 'month'),
            },
            { header: t('business.totals.sales'), cell: (s) => s.sales },
            { header: t('business.gross'), cell: (s) => f.money(s.gross) },
            { header: t('business.totals.refunds'), cell: (s) => f.money(s.refunded) },
            { header: t('business.totals.net'), cell: (s) => f.money(s.net) },
          ]}
        />
      </details>
    </>
  );
}
