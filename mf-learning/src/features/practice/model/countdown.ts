/**
 * The countdown before play (0, 3, 5 or 10 s) so the student can walk back to the mat: a beep each
 * second, then play (the choices: PRACTICE_COUNTDOWNS of shared-contracts). Pure: `countdownTick` says how many seconds are left at the clock's `now`
 * and whether a beep is due (once per second, the last one higher at 0).
 */
export interface CountdownState {
  startedAt: number;
  seconds: number;
  /** the last whole second left that beeped */
  beeped: number | null;
}

export const startCountdown = (now: number, seconds: number): CountdownState => ({
  startedAt: now,
  seconds,
  beeped: null,
});

export interface CountdownTick {
  state: CountdownState;
  /** whole seconds left (shown big); 0 when done */
  left: number;
  /** 'tick' on each second, 'go' once at the end */
  beep: 'tick' | 'go' | null;
  done: boolean;
}

export function countdownTick(s: CountdownState, now: number): CountdownTick {
  const elapsed = Math.max(0, now - s.startedAt) / 1000;
  const left = Math.max(0, Math.ceil(s.seconds - elapsed - 1e-9));
  const done = left === 0;
  const beep = s.beeped === left ? null : done ? 'go' : 'tick';
  return { state: beep ? { ...s, beeped: left } : s, left, beep, done };
}
