/**
 * The A-B loop, a "working zone": when the video reaches B it goes back to A, counts a repeat and,
 * with a pause set (0-5 s), waits there paused so the student gets back in position. Pure: the
 * player calls `loopTick` on each time update with the media time and the clock's now, and does
 * what the answer says.
 */
export const LOOP_PAUSES = [0, 1, 2, 3, 4, 5] as const;
/** The shortest loop (B - A): shorter, a time update would skip over B. */
export const MIN_LOOP_SECONDS = 0.2;

export interface LoopState {
  a: number | null;
  b: number | null;
  enabled: boolean;
  /** seconds paused at A before each repeat */
  pause: number;
  repeats: number;
  /** clock time at which a pause at A ends; null when not pausing */
  resumeAt: number | null;
  /** the playhead played inside A-B since the loop last went back: reaching B is a repeat */
  inside: boolean;
}

export const initialLoop: LoopState = {
  a: null,
  b: null,
  enabled: false,
  pause: 0,
  repeats: 0,
  resumeAt: null,
  inside: false,
};

export type LoopAction =
  { kind: 'none' } | { kind: 'seek'; to: number; pause: boolean } | { kind: 'play' };

const NONE: LoopAction = { kind: 'none' };

/** Sets A at `t`; a B before it is dropped. The count starts again. */
export function setA(s: LoopState, t: number): LoopState {
  const b = s.b !== null && s.b - t >= MIN_LOOP_SECONDS ? s.b : null;
  return {
    ...s,
    a: t,
    b,
    repeats: 0,
    resumeAt: null,
    inside: false,
    enabled: b !== null && s.enabled,
  };
}

/** Sets B at `t` (A at 0 when unset); a B not after A is refused (same state). Turns the loop on. */
export function setB(s: LoopState, t: number): LoopState {
  const a = s.a ?? 0;
  if (t - a < MIN_LOOP_SECONDS) return s;
  return { ...s, a, b: t, enabled: true, repeats: 0, resumeAt: null, inside: false };
}

export const canLoop = (s: LoopState): boolean => s.a !== null && s.b !== null;

export function toggleLoop(s: LoopState): LoopState {
  if (!canLoop(s)) return s;
  return { ...s, enabled: !s.enabled, resumeAt: null };
}

export const setLoopPause = (s: LoopState, pause: number): LoopState => ({
  ...s,
  pause: Math.min(5, Math.max(0, Math.round(pause))),
});

export const clearLoop = (s: LoopState): LoopState => ({ ...initialLoop, pause: s.pause });

/**
 * One time update: `t` the media time, `now` the clock (ms), `playing` whether the media plays.
 * At or past B (or before A, after a seek back) the media goes to A: paused there when a pause is
 * set, until `now` reaches `resumeAt`, then `play`.
 */
export function loopTick(
  s: LoopState,
  t: number,
  now: number,
  playing: boolean,
): { state: LoopState; action: LoopAction } {
  if (!s.enabled || s.a === null || s.b === null) return { state: s, action: NONE };
  if (s.resumeAt !== null) {
    if (now >= s.resumeAt) return { state: { ...s, resumeAt: null }, action: { kind: 'play' } };
    return { state: s, action: NONE };
  }
  if (!playing) return { state: s, action: NONE };
  if (t >= s.b) {
    // started at B (or past it): back to A without a repeat, none was played
    const repeats = s.inside ? s.repeats + 1 : s.repeats;
    const a = s.a;
    s = { ...s, inside: false };
    if (s.pause > 0) {
      return {
        state: { ...s, repeats, resumeAt: now + s.pause * 1000 },
        action: { kind: 'seek', to: a, pause: true },
      };
    }
    return { state: { ...s, repeats }, action: { kind: 'seek', to: a, pause: false } };
  }
  if (t >= s.a && !s.inside) return { state: { ...s, inside: true }, action: NONE };
  return { state: s, action: NONE };
}
