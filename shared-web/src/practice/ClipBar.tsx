import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clipMoment, frameAt, PRACTICE_SPEEDS, speedLabel } from '@circo/shared-contracts';

/** The clip player's controls: play, frame by frame, speed, mirror, loop and the position. */
export function ClipBar({
  playing,
  onToggle,
  onStep,
  speed,
  onSpeed,
  mirror,
  onMirror,
  loop,
  onLoop,
  time,
  duration,
  fps,
  onSeek,
  children,
}: {
  playing: boolean;
  onToggle: () => void;
  onStep: (dir: 1 | -1) => void;
  speed: number;
  onSpeed: (speed: number) => void;
  mirror: boolean;
  onMirror: () => void;
  loop: boolean;
  onLoop: () => void;
  time: number;
  duration: number;
  fps: number;
  onSeek: (to: number) => void;
  /** More controls at the end (the page's own). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="clip__bar" role="toolbar" aria-label={t('clip.controls')}>
      <button type="button" className="btn btn--primary" onClick={onToggle} data-testid="clip-play">
        {playing ? t('clip.pause') : t('clip.play')}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => onStep(-1)}>
        {t('clip.frameBack')}
      </button>
      <button type="button" className="btn btn--ghost" onClick={() => onStep(1)}>
        {t('clip.frameForward')}
      </button>
      <label className="clip__field">
        {t('clip.speed')}
        <select value={speed} onChange={(e) => onSpeed(Number(e.target.value))}>
          {PRACTICE_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {speedLabel(s, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--ghost" aria-pressed={mirror} onClick={onMirror}>
        {t('clip.mirror')}
      </button>
      <button type="button" className="btn btn--ghost" aria-pressed={loop} onClick={onLoop}>
        {t('clip.loop')}
      </button>
      <label className="clip__field clip__seek">
        <span className="visually-hidden">{t('clip.position')}</span>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={1 / fps}
          value={Math.min(time, duration || 0)}
          onChange={(e) => onSeek(Number(e.target.value))}
        />
      </label>
      <span className="clip__time" data-testid="clip-time" data-frame={frameAt(time, fps)}>
        {clipMoment(time)} / {clipMoment(duration)}
      </span>
      {children}
    </div>
  );
}
