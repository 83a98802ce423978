import { useTranslation } from 'react-i18next';
import {
  PRACTICE_COUNTDOWNS,
  PRACTICE_SPEEDS,
  type PracticeCountdown,
} from '@circo/shared-contracts';
import { LOOP_PAUSES, type LoopState } from '../model/abLoop';
import type { Command } from '../model/keys';
import { formatClock } from '../model/resume';
import { speedLabel } from '../model/speed';
import type { FrameStepReason } from '../hooks/playback';

/**
 * The player's controls: big buttons (44 px and more) with their names for a screen reader; a
 * control the provider does not allow stays visible, disabled, with the reason beside it.
 */
export function PlayerToolbar(p: {
  ready: boolean;
  playing: boolean;
  speed: number;
  rates: readonly number[];
  onSpeed: (s: number) => void;
  mirror: boolean;
  onMirror: () => void;
  frameStepReason: FrameStepReason | null;
  onFrame: (dir: 1 | -1) => void;
  onPlayPause: () => void;
  loop: LoopState;
  canLoop: boolean;
  onLoop: (c: Extract<Command, 'setA' | 'setB' | 'loop'>) => void;
  onLoopPause: (seconds: number) => void;
  onClearLoop: () => void;
  countdown: PracticeCountdown;
  onCountdown: (c: PracticeCountdown) => void;
  camera: boolean;
  onCamera: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  time: number;
  duration: number;
  onSeek: (seconds: number) => void;
  frame: number | null;
}) {
  const { t } = useTranslation('practice');
  const noFrames = !p.ready || p.frameStepReason !== null;
  const frameReasonId = 'practice-frame-reason';
  const { loop } = p;
  return (
    <div className="practice__bar" role="toolbar" aria-label={t('controls')}>
      <div className="practice__group">
        <button
          type="button"
          className="btn btn--primary practice__big"
          onClick={p.onPlayPause}
          disabled={!p.ready}
          data-testid="practice-play"
        >
          {p.playing ? t('pause') : t('play')}
        </button>
        <input
          type="range"
          className="practice__seek"
          min={0}
          max={Number.isFinite(p.duration) ? p.duration : 0}
          step={0.1}
          value={p.time}
          onChange={(e) => p.onSeek(Number(e.target.value))}
          disabled={!p.ready || !Number.isFinite(p.duration)}
          aria-label={t('position')}
          aria-valuetext={formatClock(p.time)}
        />
        <span className="practice__time" aria-live="off" data-testid="practice-time">
          {formatClock(p.time)}
          {p.frame !== null && (
            <>
              {' · '}
              <span data-testid="frame-number" data-frame={p.frame}>
                {t('frameN', { n: p.frame })}
              </span>
            </>
          )}
        </span>
      </div>
      <div className="practice__group">
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => p.onFrame(-1)}
          disabled={noFrames}
          aria-describedby={p.frameStepReason ? frameReasonId : undefined}
          aria-keyshortcuts=","
        >
          <span aria-hidden="true">◀︎▮ </span>
          {t('frameBack')}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => p.onFrame(1)}
          disabled={noFrames}
          aria-describedby={p.frameStepReason ? frameReasonId : undefined}
          aria-keyshortcuts="."
        >
          {t('frameForward')}
          <span aria-hidden="true"> ▮▶︎</span>
        </button>
        {p.frameStepReason && (
          <span id={frameReasonId} className="practice__reason">
            {t(
              p.frameStepReason === 'provider'
                ? 'noFramesProvider'
                : p.frameStepReason === 'measuring'
                  ? 'noFramesYet'
                  : 'noFramesRate',
            )}
          </span>
        )}
      </div>
      <div className="practice__group">
        <label className="practice__field">
          <span>{t('speed')}</span>
          <select
            value={String(p.speed)}
            onChange={(e) => p.onSpeed(Number(e.target.value))}
            disabled={!p.ready || p.rates.length === 0}
            data-testid="practice-speed"
          >
            {PRACTICE_SPEEDS.map((s) => (
              <option key={s} value={String(s)} disabled={!p.rates.includes(s)}>
                {speedLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={p.mirror}
          onClick={p.onMirror}
          aria-keyshortcuts="m"
        >
          <span aria-hidden="true">⇋ </span>
          {t('mirror')}
        </button>
        <label className="practice__field">
          <span>{t('countdown')}</span>
          <select
            value={String(p.countdown)}
            onChange={(e) => p.onCountdown(Number(e.target.value) as PracticeCountdown)}
            data-testid="practice-countdown"
          >
            {PRACTICE_COUNTDOWNS.map((c) => (
              <option key={c} value={String(c)}>
                {c === 0 ? t('noCountdown') : t('seconds', { count: c })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="practice__group" role="group" aria-label={t('loopZone')}>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => p.onLoop('setA')}
          disabled={!p.ready}
          aria-keyshortcuts="["
        >
          {t('setA')}
          {loop.a !== null && <span className="practice__mark"> {formatClock(loop.a)}</span>}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => p.onLoop('setB')}
          disabled={!p.ready}
          aria-keyshortcuts="]"
        >
          {t('setB')}
          {loop.b !== null && <span className="practice__mark"> {formatClock(loop.b)}</span>}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={loop.enabled}
          onClick={() => p.onLoop('loop')}
          disabled={!p.canLoop}
          aria-keyshortcuts="l"
          data-testid="practice-loop"
        >
          {t('loop')}
        </button>
        <label className="practice__field">
          <span>{t('loopPause')}</span>
          <select
            value={String(loop.pause)}
            onChange={(e) => p.onLoopPause(Number(e.target.value))}
          >
            {LOOP_PAUSES.map((s) => (
              <option key={s} value={String(s)}>
                {s === 0 ? t('noPause') : t('seconds', { count: s })}
              </option>
            ))}
          </select>
        </label>
        <span
          className="practice__repeats"
          role="status"
          data-testid="loop-repeats"
          data-count={loop.repeats}
        >
          {t('repeats', { count: loop.repeats })}
        </span>
        {p.canLoop && (
          <button type="button" className="btn btn--ghost practice__big" onClick={p.onClearLoop}>
            {t('clearLoop')}
          </button>
        )}
      </div>
      <div className="practice__group">
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={p.camera}
          onClick={p.onCamera}
          data-testid="practice-camera"
        >
          {t('camera')}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={p.fullscreen}
          onClick={p.onFullscreen}
        >
          {t('fullscreen')}
        </button>
      </div>
    </div>
  );
}
