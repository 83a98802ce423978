import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STATS_GROUPS, STATS_PRESETS, type StatsGroup } from '@circo/shared-contracts';
import type { PeriodChoice, SalesStatsState } from '../hooks/useSalesStats';

/** The dashboard's period (a preset or two days), its grouping, and the CSV of what it shows. */
export function SalesControls({ stats }: { stats: SalesStatsState }) {
  const { t } = useTranslation('admin');
  const ids = useId();
  return (
    <form className="adm-sales__controls" onSubmit={(e) => e.preventDefault()}>
      <label>
        <span id={`${ids}-period`}>{t('business.period')}</span>
        <select
          aria-labelledby={`${ids}-period`}
          value={stats.choice}
          onChange={(e) => stats.setChoice(e.target.value as PeriodChoice)}
        >
          {STATS_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`business.presets.${p}`)}
            </option>
          ))}
          <option value="custom">{t('business.presets.custom')}</option>
        </select>
      </label>
      {stats.choice === 'custom' && (
        <>
          <label>
            <span id={`${ids}-from`}>{t('business.from')}</span>
            <input
              aria-labelledby={`${ids}-from`}
              type="date"
              value={stats.custom.from}
              max={stats.today}
              onChange={(e) => stats.setCustom({ ...stats.custom, from: e.target.value })}
            />
          </label>
          <label>
            <span id={`${ids}-to`}>{t('business.to')}</span>
            <input
              aria-labelledby={`${ids}-to`}
              type="date"
              value={stats.custom.to}
              onChange={(e) => stats.setCustom({ ...stats.custom, to: e.target.value })}
            />
          </label>
        </>
      )}
      <label>
        {t('business.groupBy')}
        <select
          value={stats.groupBy}
          onChange={(e) => stats.setGroupBy(e.target.value as StatsGroup)}
        >
          {STATS_GROUPS.map((g) => (
            <option key={g} value={g}>
              {t(`business.groups.${g}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => void stats.downloadSalesCsv()}
      >
        {t('business.downloadCsv')}
      </button>
    </form>
  );
}
