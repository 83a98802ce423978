import type { Dispatch, KeyboardEvent, RefObject, SetStateAction } from 'react';
import { browserClock } from '../model/clock';
import { frameStep } from '../model/frames';
import { commandOf, keyOwnedByControl, SEEK_STEP, type Command } from '../model/keys';
import type { PositionSaver } from '../model/resume';
import { stepSpeed } from '../model/speed';
import type { Playback } from './playback';
import type { useCountdown } from './useCountdown';
import type { LoopAction } from './useLoop';
import type { useSavePreferences } from './usePracticeData';

/**
 * What the player's buttons and keys do: play/pause (after the countdown), seek, step a frame,
 * set the loop, mirror, change the speed; a key a focused control owns stays that control's.
 */
export function usePlayerCommands(p: {
  playback: Playback | null;
  fps: number | null;
  countdown: ReturnType<typeof useCountdown>;
  countdownSeconds: number;
  saver: PositionSaver;
  dispatchLoop: Dispatch<LoopAction>;
  savePreferences: ReturnType<typeof useSavePreferences>;
  speedRef: RefObject<number>;
  changeSpeed: (next: number) => Promise<void>;
  setNow: Dispatch<SetStateAction<{ time: number; duration: number }>>;
  onPlay: () => void;
}) {
  const { playback, countdown } = p;

  const playPause = () => {
    if (!playback) return;
    if (countdown.left !== null) return countdown.cancel();
    if (!playback.paused()) {
      playback.pause();
      p.saver.update(playback.time(), browserClock.now(), true);
      return;
    }
    p.onPlay();
    countdown.start(p.countdownSeconds, () => playback.play());
  };

  const stepFrame = (dir: 1 | -1) => {
    if (!playback || p.fps === null || playback.frameStepReason()) return;
    playback.pause();
    const to = frameStep(playback.time(), p.fps, dir, playback.duration());
    playback.seek(to);
    p.setNow((n) => ({ ...n, time: to }));
  };

  const run = (c: Command) => {
    if (!playback) return;
    const time = playback.time();
    switch (c) {
      case 'playPause':
        return playPause();
      case 'back5':
        return playback.seek(Math.max(0, time - SEEK_STEP));
      case 'forward5':
        return playback.seek(Math.min(playback.duration() || Infinity, time + SEEK_STEP));
      case 'frameBack':
        return stepFrame(-1);
      case 'frameForward':
        return stepFrame(1);
      case 'setA':
        return p.dispatchLoop({ type: 'setA', at: time });
      case 'setB':
        return p.dispatchLoop({ type: 'setB', at: time });
      case 'loop':
        return p.dispatchLoop({ type: 'toggle' });
      case 'mirror':
        return void p.savePreferences((prefs) => ({ mirror: !prefs.mirror }));
      case 'slower':
        return void p.changeSpeed(stepSpeed(p.speedRef.current, -1, playback.rates()));
      case 'faster':
        return void p.changeSpeed(stepSpeed(p.speedRef.current, 1, playback.rates()));
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (keyOwnedByControl((e.target as HTMLElement).tagName, e.key)) return;
    if (e.key === 'Escape' && countdown.left !== null) return countdown.cancel();
    const c = commandOf(e);
    if (!c) return;
    e.preventDefault();
    run(c);
  };

  return { playPause, stepFrame, run, onKeyDown };
}
