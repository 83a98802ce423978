import { useCallback, useEffect, useRef, useState } from 'react';
import { browserClock } from '../model/clock';
import { countdownTick, startCountdown, type CountdownState } from '../model/countdown';
import { beep } from './beep';

/**
 * Runs the countdown model on the browser clock: `start(seconds, then)` shows the seconds left,
 * beeps each second, and calls `then` at zero; `cancel` stops it.
 */
export function useCountdown() {
  const [left, setLeft] = useState<number | null>(null);
  const timer = useRef<number | null>(null);
  const cancel = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setLeft(null);
  }, []);
  const start = useCallback(
    (seconds: number, then: () => void) => {
      cancel();
      if (seconds <= 0) return then();
      let state: CountdownState = startCountdown(browserClock.now(), seconds);
      const step = () => {
        const r = countdownTick(state, browserClock.now());
        state = r.state;
        if (r.beep) beep(r.beep);
        if (r.done) {
          cancel();
          then();
        } else setLeft(r.left);
      };
      step();
      timer.current = window.setInterval(step, 100);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { left, start, cancel };
}
