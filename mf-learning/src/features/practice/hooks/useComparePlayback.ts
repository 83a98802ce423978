import { useEffect, useReducer, useRef, useState } from 'react';
import { initialLoop, loopTick, type LoopState } from '../model/abLoop';
import { browserClock } from '../model/clock';
import { compareLength, drifted, sideTime, type CompareSide } from '../model/compare';
import type { Attempt } from './useRecorder';

export type Side = 'lesson' | 'attempt';

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
 * The two videos of the comparison on one clock: each side's start (lined up on the same beat),
 * both played together at one speed, the class video leading and the attempt put back in step
 * when it drifts, and an A-B loop over both.
 */
export function useComparePlayback(attempt: Attempt) {
  const refs = { lesson: useRef<HTMLVideoElement>(null), attempt: useRef<HTMLVideoElement>(null) };
  const [offsets, setOffsets] = useState({ lesson: attempt.classAt, attempt: 0 });
  const [durations, setDurations] = useState({ lesson: NaN, attempt: NaN });
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
    void Promise.all([knownDuration(l), knownDuration(a)]).then(([lesson, recorded]) => {
      if (gone) return;
      setDurations({ lesson, attempt: recorded });
      l.currentTime = offsets.lesson;
      a.currentTime = offsets.attempt;
    });
    return () => {
      gone = true;
    };
    // the durations are read once per attempt
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt.url]);

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

  return {
    refs,
    offsets,
    speed,
    setSpeed,
    playing,
    loop,
    setLoop,
    elapsed,
    length,
    playBoth,
    startHere,
    nudge,
  };
}
