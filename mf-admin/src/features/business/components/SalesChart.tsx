import type { SalesBucket, StatsGroup } from '@circo/shared-contracts';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../hooks/useFormats';

const W = 640;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
const MAX_LABELS = 8;

/**
 * Net revenue per bucket as bars, drawn as plain SVG: a bar chart of at most a few hundred bars
 * needs no chart library (the smallest well-kept ones add 50-200 KB to the admin remote, and
 * canvas-based ones render nothing on the server). Each bar names its bucket and amount
 * (<title>); the same numbers are in the table under the chart.
 */
export function SalesChart({ series, groupBy }: { series: SalesBucket[]; groupBy: StatsGroup }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const max = Math.max(0, ...series.map((s) => s.net));
  const min = Math.min(0, ...series.map((s) => s.net));
  const span = max - min || 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const step = plotW / Math.max(series.length, 1);
  const barW = Math.max(1, step * 0.7);
  const every = Math.ceil(series.length / MAX_LABELS);
  const label = (period: string) => f.day(period, groupBy === 'month');
  return (
    <svg
      className="adm-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('business.chartLabel')}
      preserveAspectRatio="xMidYMid meet"
    >
      <line className="adm-chart__axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
      <text className="adm-chart__tick" x={PAD.left - 6} y={y(max) + 4} textAnchor="end">
        {f.money(max)}
      </text>
      {min < 0 && (
        <text className="adm-chart__tick" x={PAD.left - 6} y={y(min) + 4} textAnchor="end">
          {f.money(min)}
        </text>
      )}
      {series.map((s, i) => {
        const x = PAD.left + i * step + (step - barW) / 2;
        const top = y(Math.max(s.net, 0));
        const height = Math.max(s.net === 0 ? 0 : 1, Math.abs(y(s.net) - y(0)));
        return (
          <g key={s.period}>
            <rect
              className={s.net < 0 ? 'adm-chart__bar adm-chart__bar--neg' : 'adm-chart__bar'}
              x={x}
              y={top}
              width={barW}
              height={height}
            >
              <title>{`${label(s.period)}: ${f.money(s.net)}`}</title>
            </rect>
            {i % every === 0 && (
              <text
                className="adm-chart__tick"
                x={x + barW / 2}
                y={H - PAD.bottom + 16}
                textAnchor="middle"
              >
                {label(s.period)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
