import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_SPEEDS } from '@circo/shared-contracts';
import {
  canLoop,
  initialLoop,
  loopTick,
  setA,
  setB,
  toggleLoop,
  type LoopState,
} from '../model/abLoop';
import { browserClock } from '../model/clock';
import { compareLength, drifted, sideTime, type CompareSide } from '../model/compare';
import { formatClock } from '../model/resume';
import { speedLabel } from '../model/speed';
import type { Attempt } from '../hooks/useRecorder';
import { SendAttempt } from '../../practice-feedback/SendAttempt';

type Side = 'lesson' | 'attempt';

/** A recorded duration: a MediaRecorder WebM has none until the browser has read it to the end. */
async function knownDuration(el: HTMLVideoElement): Promise<number> {
  if (Number.isFinite(el.duration)) return el.duration;
  await new Promise<void>((resolve) => {
    const done = () => {
      el.removeEventListener('durationchange', check);
      resolve();
    };
    const check = () => Number.isFinite(el.duration) && done();
    el.addEventListener('durationchange', check);
    el.currentTime = 1e7;
    setTimeout(done, 3000);
  });
  const d = el.duration;
  el.currentTime = 0;
  return d;
}

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
  const { t } = useTranslation('practice');
  const refs = { lesson: useRef<HTMLVideoElement>(null), attempt: useRef<HTMLVideoElement>(null) };
  const [offsets, setOffsets] = useState({ lesson: p.attempt.classAt, attempt: 0 });
  const [durations, setDurations] = useState({ lesson: NaN, attempt: NaN });
  const [mirror, setMirror] = useState({ lesson: false, attempt: true });
  const [speed, setSpeed] = useState(1);
  const [playing, setPlaying] = useState(false);
  const [loop, setLoop] = useState<LoopState>(initialLoop);
  const loopRef = useRef(loop);
  loopRef.current = loop;
  const [elapsed, setElapsed] = useState(0);
  const [, force] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    const a = refs.attempt.current;
    const l = refs.lesson.current;
    if (!a || !l) return;
    let gone = false;
    void Promise.all([knownDuration(l), knownDuration(a)]).then(([lesson, attempt]) => {
      if (gone) return;
      setDurations({ lesson, attempt });
      l.currentTime = offsets.lesson;
      a.currentTime = offsets.attempt;
    });
    return () => {
      gone = true;
    };
    // the durations are read once per attempt
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.attempt.url]);

  const sides: Record<Side, CompareSide> = {
    lesson: { offset: offsets.lesson, duration: durations.lesson },
    attempt: { offset: offsets.attempt, duration: durations.attempt },
  };
  const length = compareLength(sides.lesson, sides.attempt);

  useEffect(() => {
    for (const s of ['lesson', 'attempt'] as const) {
      const el = refs[s].current;
      if (el) {
        el.preservesPitch = true;
        el.playbackRate = speed;
      }
    }
    // refs are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [speed]);

  // the common clock: the class video leads, the attempt follows; the loop acts on both
  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let shown = 0;
    const tick = () => {
      const l = refs.lesson.current;
      const a = refs.attempt.current;
      if (!l || !a) return;
      const now = browserClock.now();
      const tt = l.currentTime - sides.lesson.offset;
      const r = loopTick(loopRef.current, tt, now, !l.paused);
      if (r.state !== loopRef.current) {
        loopRef.current = r.state;
        setLoop(r.state);
      }
      if (r.action.kind === 'seek') {
        if (r.action.pause) {
          l.pause();
          a.pause();
        }
        l.currentTime = sideTime(sides.lesson, r.action.to);
        a.currentTime = sideTime(sides.attempt, r.action.to);
      } else if (r.action.kind === 'play') {
        void l.play().catch(() => {});
        void a.play().catch(() => {});
      } else if (tt >= length && !loopRef.current.enabled) {
        l.pause();
        a.pause();
        setPlaying(false);
      } else if (!l.paused && drifted(sides.attempt, tt, a.currentTime)) {
        a.currentTime = sideTime(sides.attempt, tt);
      }
      if (now - shown > 200) {
        shown = now;
        setElapsed(Math.max(0, tt));
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
    // refs are stable; the sides are read fresh on each run
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, offsets.lesson, offsets.attempt, length]);

  const both = (fn: (el: HTMLVideoElement, s: Side) => void) => {
    for (const s of ['lesson', 'attempt'] as const) {
      const el = refs[s].current;
      if (el) fn(el, s);
    }
  };

  const playBoth = () => {
    if (playing) {
      both((el) => el.pause());
      setPlaying(false);
      return;
    }
    const from = elapsed >= length ? 0 : elapsed;
    both((el, s) => {
      el.currentTime = sideTime(sides[s], from);
      void el.play().catch(() => {});
    });
    setPlaying(true);
  };

  /** "Start here": the side's moment becomes its start (the other keeps its own). */
  const startHere = (s: Side) => {
    const el = refs[s].current;
    if (!el) return;
    setOffsets((o) => ({ ...o, [s]: el.currentTime }));
    setElapsed(0);
    setLoop((l) => ({ ...initialLoop, pause: l.pause }));
  };

  const nudge = (s: Side, by: number) => {
    const el = refs[s].current;
    if (!el) return;
    el.pause();
    setPlaying(false);
    el.currentTime = Math.max(0, el.currentTime + by);
    force();
  };

  const sideView = (s: Side, label: string, src: string) => (
    <figure className="practice__compare-side" data-testid={`compare-${s}`}>
      <figcaption>{label}</figcaption>
      <video
        ref={refs[s]}
        className={`practice__media${mirror[s] ? ' practice__media--mirrored' : ''}`}
        src={src}
        muted={s === 'attempt'}
        playsInline
        preload="auto"
        aria-label={label}
        data-mirrored={mirror[s]}
      />
      <div className="practice__bar">
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => nudge(s, -0.1)}
          aria-label={t('earlier', { what: label })}
        >
          −0.1 s
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => nudge(s, 0.1)}
          aria-label={t('later', { what: label })}
        >
          +0.1 s
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          onClick={() => startHere(s)}
          data-testid={`start-here-${s}`}
        >
          {t('startHere', { what: label })}
        </button>
        <button
          type="button"
          className="btn btn--ghost practice__big"
          aria-pressed={mirror[s]}
          onClick={() => setMirror((m) => ({ ...m, [s]: !m[s] }))}
        >
          {t('mirrorOf', { what: label })}
        </button>
      </div>
      <p className="learn-muted">{t('startsAt', { time: formatClock(offsets[s]) })}</p>
    </figure>
  );

  return (
    <section className="practice__compare" aria-label={t('compare')} data-testid="compare">
      <h4>{t('compare')}</h4>
      <div className="practice__compare-grid">
        {sideView('lesson', t('classSide'), p.lessonUrl)}
        {sideView('attempt', t('attemptSide'), p.attempt.url)}
      </div>
      <div className="practice__bar" role="toolbar" aria-label={t('compareControls')}>
        <button
          type="button"
          className="btn btn--primary practice__big"
          onClick={playBoth}
          data-testid="compare-play"
        >
          {playing ? t('pauseBoth') : t('playBoth')}
        </button>
        <span className="practice__time" data-testid="compare-time">
          {formatClock(elapsed)} / {formatClock(length)}
        </span>
        <label className="practice__field">
          <span>{t('speed')}</span>
          <select
            value={String(speed)}
            onChange={(e) => setSpeed(Number(e.target.value))}
            data-testid="compare-speed"
          >
            {PRACTICE_SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {speedLabel(s)}
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
