import { useTranslation } from 'react-i18next';
import {
  PRACTICE_COUNTDOWNS,
  PRACTICE_SPEEDS,
  speedLabel,
  type PracticeCountdown,
} from '@circo/shared-contracts';
import { LOOP_PAUSES } from '../model/abLoop';
import { formatClock } from '../model/resume';
import type { ToolbarProps } from './PlayerToolbar';

// The groups of the player's toolbar, each a row of big controls that decides one thing.

/** Play/pause, the position and the time (with the frame number when known). */
export function TimeGroup({ p }: { p: ToolbarProps }) {
  const { t } = useTranslation('practice');
  return (
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
  );
}

/** One frame back or forward, or why the video cannot step by frames. */
export function FrameStepGroup({ p }: { p: ToolbarProps }) {
  const { t } = useTranslation('practice');
  const noFrames = !p.ready || p.frameStepReason !== null;
  const frameReasonId = 'practice-frame-reason';
  return (
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
  );
}

/** Speed, mirror and the countdown before playing. */
export function SettingsGroup({ p }: { p: ToolbarProps }) {
  const { t, i18n } = useTranslation('practice');
  return (
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
              {speedLabel(s, i18n.language)}
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
  );
}

/** The A-B loop: its ends, on/off, the pause between repeats and how many there were. */
export function LoopGroup({ p }: { p: ToolbarProps }) {
  const { t } = useTranslation('practice');
  const { loop } = p;
  return (
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
        <select value={String(loop.pause)} onChange={(e) => p.onLoopPause(Number(e.target.value))}>
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
  );
}

/** The camera beside the video, and full screen. */
export function ScreenGroup({ p }: { p: ToolbarProps }) {
  const { t } = useTranslation('practice');
  return (
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
  );
}
