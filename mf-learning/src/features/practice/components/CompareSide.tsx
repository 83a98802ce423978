import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../model/resume';
import type { Side } from '../hooks/useComparePlayback';

/** One side of the comparison: its video, a nudge of 0.1 s either way, "start here" and mirror. */
export function CompareSide({
  s,
  label,
  src,
  videoRef,
  mirrored,
  offset,
  onMirror,
  onNudge,
  onStartHere,
}: {
  s: Side;
  label: string;
  src: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  mirrored: boolean;
  /** Where this side starts. */
  offset: number;
  onMirror: () => void;
  onNudge: (by: number) => void;
  onStartHere: () => void;
}) {
  const { t, i18n } = useTranslation('practice');
  const tenth = (n: number) =>
    `${new Intl.NumberFormat(i18n.language, { signDisplay: 'always' }).format(n)} s`;
  return (
    <figure className="practice__compare-side" data-testid={`compare-${s}`}>
      <figcaption>{label}</figcaption>
      <video
        ref={videoRef}
        className={`practice__media${mirrored ? ' practice__media--mirrored' : ''}`}
        src={src}
        muted={s === 'attempt'}
        playsInline
        preload="auto"
        aria-label={label}
        data-mirrored={mirrored}
      />
      <div className="practice__bar">
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => onNudge(-0.1)}
          aria-label={t('earlier', { what: label })}
        >
          {tenth(-0.1)}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => onNudge(0.1)}
          aria-label={t('later', { what: label })}
        >
          {tenth(0.1)}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={onStartHere}
          aria-label={t('startHere', { what: label })}
          data-testid={`start-here-${s}`}
        >
          {/* a phone's half-width column: a sign, the name said by the label */}
          <span aria-hidden="true" className="practice__short">
            ⇤
          </span>
          <span aria-hidden="true" className="practice__long">
            {t('startHere', { what: label })}
          </span>
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={mirrored}
          onClick={onMirror}
          aria-label={t('mirrorOf', { what: label })}
        >
          <span aria-hidden="true" className="practice__short">
            ⇋
          </span>
          <span aria-hidden="true" className="practice__long">
            {t('mirrorOf', { what: label })}
          </span>
        </button>
      </div>
      <p className="learn-muted">{t('startsAt', { time: formatClock(offset) })}</p>
    </figure>
  );
}
