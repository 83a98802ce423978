import { useTranslation } from 'react-i18next';

const R = 52;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** The circular gauge labelled "content", with the rounded percent in its middle. */
export function ProgressGauge({ percent }: { percent: number }) {
  const { t } = useTranslation('learning');
  const clamped = Math.min(100, Math.max(0, percent));
  return (
    <figure className="learn-gauge" data-testid="progress-gauge" data-percent={clamped}>
      <svg viewBox="0 0 120 120" role="img" aria-label={`${t('viewer.content')}: ${clamped}%`}>
        <circle className="learn-gauge__track" cx="60" cy="60" r={R} />
        <circle
          className="learn-gauge__value"
          cx="60"
          cy="60"
          r={R}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
          transform="rotate(-90 60 60)"
        />
        <text
          x="60"
          y="60"
          className="learn-gauge__percent"
          textAnchor="middle"
          dominantBaseline="central"
        >
          {clamped}%
        </text>
      </svg>
      <figcaption className="learn-gauge__label">{t('viewer.content')}</figcaption>
    </figure>
  );
}
