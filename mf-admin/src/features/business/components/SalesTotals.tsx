import { useTranslation } from 'react-i18next';
import type { SalesStats } from '@circo/shared-contracts';
import { useFormats } from '../hooks/useFormats';

/** The period's figures: net revenue, sales, refunds, vouchers used and new students. */
export function SalesTotals({ totals }: { totals: SalesStats['totals'] }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <dl className="adm-stats">
      <div>
        <dt>{t('business.totals.net')}</dt>
        <dd data-stat="net">{f.money(totals.net)}</dd>
      </div>
      <div>
        <dt>{t('business.totals.sales')}</dt>
        <dd data-stat="sales">
          {totals.sales} · {f.money(totals.gross)}
        </dd>
      </div>
      <div>
        <dt>{t('business.totals.refunds')}</dt>
        <dd data-stat="refunds">
          {totals.refunds} · {f.money(totals.refunded)}
        </dd>
      </div>
      <div>
        <dt>{t('business.totals.vouchers')}</dt>
        <dd data-stat="vouchers">
          {totals.vouchersUsed} · {f.money(totals.vouchersCost)}
        </dd>
      </div>
      <div>
        <dt>{t('business.totals.newStudents')}</dt>
        <dd data-stat="newStudents">{totals.newStudents}</dd>
      </div>
    </dl>
  );
}
