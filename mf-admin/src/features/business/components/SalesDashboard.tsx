import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Spinner } from '@circo/shared-web';
import { useFormats } from '../hooks/useFormats';
import { useSalesStats } from '../hooks/useSalesStats';
import { SalesChart } from './SalesChart';
import { SalesControls } from './SalesControls';
import { SalesTables } from './SalesTables';
import { SalesTotals } from './SalesTotals';

/**
 * The coach's sales at a glance (/admin, above the managers): revenue, sales, refunds, vouchers
 * and new students of a period, net revenue per day, week or month, and what sold.
 */
export function SalesDashboard() {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const stats = useSalesStats();
  const { res } = stats;
  return (
    <section className="adm-sales" aria-labelledby="adm-sales-title">
      <div className="adm-sales__head">
        <h2 id="adm-sales-title">{t('business.title')}</h2>
        <Link className="btn btn--ghost" to="/admin/alumnos">
          {t('business.studentsLink')}
        </Link>
      </div>
      <SalesControls stats={stats} />
      {stats.badPeriod && <Alert tone="error">{t('business.badPeriod')}</Alert>}
      {stats.csvError && <Alert tone="error">{t('errors.loadFailed')}</Alert>}
      {stats.utcZone && (
        <p className="adm-muted" data-testid="sales-utc">
          {t('business.utcFallback', { tz: stats.utcZone })}
        </p>
      )}
      {(res.status === 'loading' || stats.refused) && <Spinner />}
      {res.status === 'error' && !stats.refused && (
        <Alert tone="error">{t('errors.loadFailed')}</Alert>
      )}
      {res.status === 'success' && (
        <>
          <p className="adm-sales__range">
            {t('business.range', { from: f.day(res.data.from), to: f.day(res.data.to) })}
          </p>
          <SalesTotals totals={res.data.totals} />
          <SalesChart series={res.data.series} groupBy={res.data.groupBy} />
          <SalesTables stats={res.data} />
        </>
      )}
    </section>
  );
}
