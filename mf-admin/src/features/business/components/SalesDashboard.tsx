import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  isCalendarDay,
  localToday,
  statsPeriod,
  STATS_GROUPS,
  STATS_PRESETS,
  type SalesStatsQuery,
  type StatsGroup,
  type StatsPreset,
} from '@circo/shared-contracts';
import { Alert, Spinner, toResource } from '@circo/shared-web';
import { displayTitle } from '../../common/titles';
import { browserTimeZone, businessPaths, businessQueries, downloadCsv } from '../queries';
import { SalesChart } from './SalesChart';
import { useFormats } from '../hooks/useFormats';

type Choice = StatsPreset | 'custom';

/**
 * The coach's sales at a glance (/admin, above the managers): revenue, sales, refunds, vouchers
 * and new students of a period, net revenue per day, week or month, and what sold.
 */
export function SalesDashboard() {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const ids = useId();
  const today = useMemo(() => localToday(), []);
  const [choice, setChoice] = useState<Choice>('thisMonth');
  const [custom, setCustom] = useState(() => statsPeriod('thisMonth', today));
  const [groupBy, setGroupBy] = useState<StatsGroup | null>(null);
  const [csvError, setCsvError] = useState(false);
  const base = choice === 'custom' ? custom : statsPeriod(choice, today);
  const customOk =
    isCalendarDay(custom.from) && isCalendarDay(custom.to) && custom.from <= custom.to;
  const query: SalesStatsQuery = {
    from: base.from,
    to: base.to,
    groupBy: groupBy ?? base.groupBy,
    tz: browserTimeZone(),
  };
  const res = toResource(
    useQuery({
      ...businessQueries.sales(query),
      enabled: choice !== 'custom' || customOk,
      placeholderData: (previous) => previous,
    }),
  );

  const csv = async () => {
    setCsvError(false);
    try {
      await downloadCsv(
        businessPaths.salesCsv,
        { ...query },
        `ventas-${query.from}-${query.to}.csv`,
      );
    } catch {
      setCsvError(true);
    }
  };

  return (
    <section className="adm-sales" aria-labelledby="adm-sales-title">
      <div className="adm-sales__head">
        <h2 id="adm-sales-title">{t('business.title')}</h2>
        <Link className="btn btn--ghost" to="/admin/alumnos">
          {t('business.studentsLink')}
        </Link>
      </div>
      <form className="adm-sales__controls" onSubmit={(e) => e.preventDefault()}>
        <label>
          <span id={`${ids}-period`}>{t('business.period')}</span>
          <select
            aria-labelledby={`${ids}-period`}
            value={choice}
            onChange={(e) => setChoice(e.target.value as Choice)}
          >
            {STATS_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`business.presets.${p}`)}
              </option>
            ))}
            <option value="custom">{t('business.presets.custom')}</option>
          </select>
        </label>
        {choice === 'custom' && (
          <>
            <label>
              <span id={`${ids}-from`}>{t('business.from')}</span>
              <input
                aria-labelledby={`${ids}-from`}
                type="date"
                value={custom.from}
                max={today}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </label>
            <label>
              <span id={`${ids}-to`}>{t('business.to')}</span>
              <input
                aria-labelledby={`${ids}-to`}
                type="date"
                value={custom.to}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </label>
          </>
        )}
        <label>
          {t('business.groupBy')}
          <select value={query.groupBy} onChange={(e) => setGroupBy(e.target.value as StatsGroup)}>
            {STATS_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`business.groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn--ghost" onClick={() => void csv()}>
          {t('business.downloadCsv')}
        </button>
      </form>
      {choice === 'custom' && !customOk && <Alert tone="error">{t('business.badPeriod')}</Alert>}
      {csvError && <Alert tone="error">{t('errors.loadFailed')}</Alert>}
      {res.status === 'loading' && <Spinner />}
      {res.status === 'error' && <Alert tone="error">{t('errors.loadFailed')}</Alert>}
      {res.status === 'success' && (
        <>
          <p className="adm-sales__range">
            {t('business.range', { from: f.day(res.data.from), to: f.day(res.data.to) })}
          </p>
          <dl className="adm-stats">
            <div>
              <dt>{t('business.totals.net')}</dt>
              <dd data-stat="net">{f.money(res.data.totals.net)}</dd>
            </div>
            <div>
              <dt>{t('business.totals.sales')}</dt>
              <dd data-stat="sales">
                {res.data.totals.sales} · {f.money(res.data.totals.gross)}
              </dd>
            </div>
            <div>
              <dt>{t('business.totals.refunds')}</dt>
              <dd data-stat="refunds">
                {res.data.totals.refunds} · {f.money(res.data.totals.refunded)}
              </dd>
            </div>
            <div>
              <dt>{t('business.totals.vouchers')}</dt>
              <dd data-stat="vouchers">
                {res.data.totals.vouchersUsed} · {f.money(res.data.totals.vouchersCost)}
              </dd>
            </div>
            <div>
              <dt>{t('business.totals.newStudents')}</dt>
              <dd data-stat="newStudents">{res.data.totals.newStudents}</dd>
            </div>
          </dl>
          <SalesChart series={res.data.series} groupBy={res.data.groupBy} />
          <div className="adm-sales__tables">
            <table className="adm-table">
              <caption>{t('business.byItem')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('business.item')}</th>
                  <th scope="col">{t('business.sold')}</th>
                  <th scope="col">{t('business.totals.net')}</th>
                </tr>
              </thead>
              <tbody>
                {res.data.items.length === 0 && (
                  <tr>
                    <td colSpan={3}>{t('business.noSales')}</td>
                  </tr>
                )}
                {res.data.items.map((i) => (
                  <tr key={`${i.itemType}:${i.itemId}`}>
                    <td>
                      {displayTitle(i.title)}{' '}
                      <span className="adm-muted">({t(`business.itemType.${i.itemType}`)})</span>
                    </td>
                    <td>{i.sold}</td>
                    <td>{f.money(i.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="adm-table">
              <caption>{t('business.byVoucher')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('business.voucher')}</th>
                  <th scope="col">{t('business.uses')}</th>
                  <th scope="col">{t('business.cost')}</th>
                </tr>
              </thead>
              <tbody>
                {res.data.vouchers.length === 0 && (
                  <tr>
                    <td colSpan={3}>{t('business.noVouchers')}</td>
                  </tr>
                )}
                {res.data.vouchers.map((v) => (
                  <tr key={`${v.discountId}:${v.name}`}>
                    <td>{v.name || '—'}</td>
                    <td>{v.uses}</td>
                    <td>{f.money(v.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <details className="adm-sales__data">
            <summary>{t('business.asTable')}</summary>
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">{t('business.bucket')}</th>
                  <th scope="col">{t('business.totals.sales')}</th>
                  <th scope="col">{t('business.gross')}</th>
                  <th scope="col">{t('business.totals.refunds')}</th>
                  <th scope="col">{t('business.totals.net')}</th>
                </tr>
              </thead>
              <tbody>
                {res.data.series.map((s) => (
                  <tr key={s.period}>
                    <td>{f.day(s.period, res.data.groupBy === 'month')}</td>
                    <td>{s.sales}</td>
                    <td>{f.money(s.gross)}</td>
                    <td>{f.money(s.refunded)}</td>
                    <td>{f.money(s.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
