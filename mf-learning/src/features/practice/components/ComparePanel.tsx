import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_SPEEDS, speedLabel } from '@circo/shared-contracts';
import { canLoop, setA, setB, toggleLoop } from '../model/abLoop';
import { formatClock } from '../model/resume';
import { useComparePlayback, type Side } from '../hooks/useComparePlayback';
import type { Attempt } from '../hooks/useRecorder';
import { SendAttempt } from '../../practice-feedback/SendAttempt';
import { CompareSide } from './CompareSide';

/**
 * The attempt and the class side by side: each starts at a moment the student picks (lined up on
 * the same beat), both play together at one speed, each mirrored on its own, with an A-B loop over
 * both. The class video leads; the attempt is put back in step when it drifts.
 */
export function ComparePanel(p: {
  attempt: Attempt;
  lessonUrl: string;
  onDelete: () => void;
  onClose: () => void;
  classId: string;
}) {
  const { t, i18n } = useTranslation('practice');
  const c = useComparePlayback(p.attempt);
  const { loop, setLoop, elapsed, playing } = c;
  const [mirror, setMirror] = useState({ lesson: false, attempt: true });
  const side = (s: Side, label: string, src: string) => (
    <CompareSide
      s={s}
      label={label}
      src={src}
      videoRef={c.refs[s]}
      mirrored={mirror[s]}
      offset={c.offsets[s]}
      onMirror={() => setMirror((m) => ({ ...m, [s]: !m[s] }))}
      onNudge={(by) => c.nudge(s, by)}
      onStartHere={() => c.startHere(s)}
    />
  );

  return (
    <section className="practice__compare" aria-label={t('compare')} data-testid="compare">
      <h4>{t('compare')}</h4>
      <div className="practice__compare-grid">
        {side('lesson', t('classSide'), p.lessonUrl)}
        {side('attempt', t('attemptSide'), p.attempt.url)}
      </div>
      <div className="practice__bar" role="toolbar" aria-label={t('compareControls')}>
        <button
          type="button"
          className="btn btn--primary practice__big"
          onClick={c.playBoth}
          data-testid="compare-play"
        >
          {playing ? t('pauseBoth') : t('playBoth')}
        </button>
        <span className="practice__time" data-testid="compare-time">
          {formatClock(elapsed)} / {formatClock(c.length)}
        </span>
        <label className="practice__field">
          <span>{t('speed')}</span>
          <select
            value={String(c.speed)}
            onChange={(e) => c.setSpeed(Number(e.target.value))}
            data-testid="compare-speed"
          >
            {PRACTICE_SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {speedLabel(s, i18n.language)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => setLoop((l) => setA(l, elapsed))}
        >
          {t('setA')}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => setLoop((l) => setB(l, elapsed))}
        >
          {t('setB')}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={loop.enabled}
          disabled={!canLoop(loop)}
          onClick={() => setLoop((l) => toggleLoop(l))}
        >
          {t('loop')}
        </button>
        <span
          className="practice__repeats"
          role="status"
          data-testid="compare-repeats"
          data-count={loop.repeats}
        >
          {t('repeats', { count: loop.repeats })}
        </span>
        {/* the attempt, as it is, to the teacher (practice feedback) */}
        <SendAttempt classId={p.classId} blob={p.attempt.blob} />
        <button type="button" className="btn btn--ghost practice__big" onClick={p.onClose}>
          {t('closeCompare')}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={p.onDelete}
          data-testid="delete-attempt"
        >
          {t('deleteAttempt')}
        </button>
      </div>
      <p className="learn-muted">{t('attemptStays')}</p>
    </section>
  );
}
