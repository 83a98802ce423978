import { PRACTICE_SPEEDS } from '@circo/shared-contracts';
import {
  initialLoop,
  loopTick,
  setA,
  setB,
  setLoopPause,
  toggleLoop,
  type LoopState,
} from './abLoop';
import type { Clock } from './clock';
import { compareLength, drifted, sideTime } from './compare';
import { countdownTick, startCountdown } from './countdown';
import { DelayBuffer } from './delayBuffer';
import { frameAt, frameStep, measuredFrameRate, timeOfFrame } from './frames';
import { commandOf, keyOwnedByControl } from './keys';
import { toPreferences } from './practiceSettings';
import { formatClock, PositionSaver, resumeOffer, SAVE_EVERY_MS } from './resume';
import { stepSpeed } from './speed';

/** A clock the test moves by hand: no real time passes in these tests. */
class TestClock implements Clock {
  constructor(private t = 1000) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): number {
    this.t += ms;
    return this.t;
  }
}

describe('speed', () => {
  it('steps through 0.25x to 2x and stops at the ends', () => {
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(0.75, -1)).toBe(0.5);
    expect(stepSpeed(0.25, -1)).toBe(0.25);
    expect(stepSpeed(1.5, 1)).toBe(2);
    expect(stepSpeed(2, 1)).toBe(2);
    const all: number[] = [0.25];
    for (let i = 0; i < 8; i++) all.push(stepSpeed(all[all.length - 1]!, 1));
    expect([...new Set(all)]).toEqual([...PRACTICE_SPEEDS]);
  });

  it('keeps to the speeds a provider allows', () => {
    const youtube = [0.25, 0.5, 1, 1.5, 2];
    expect(stepSpeed(1, -1, youtube)).toBe(0.5);
    expect(stepSpeed(1, 1, youtube)).toBe(1.5);
    // Vimeo: nothing under 0.5
    expect(stepSpeed(0.5, -1, [0.5, 0.75, 1, 1.25, 1.5, 2])).toBe(0.5);
  });
});

describe('frame step at a known frame rate', () => {
  const fps = 25;

  it('lands in the middle of the next and the previous frame', () => {
    const t0 = timeOfFrame(100, fps); // 4.02 s
    expect(frameAt(t0, fps)).toBe(100);
    const f1 = frameStep(t0, fps, 1, 60);
    const f2 = frameStep(f1, fps, 1, 60);
    expect([frameAt(f1, fps), frameAt(f2, fps)]).toEqual([101, 102]);
    expect(f1).toBeCloseTo(4.06, 9);
    expect(frameAt(frameStep(f2, fps, -1, 60), fps)).toBe(101);
  });

  it('from a time between two frames, goes to the neighbour of the frame shown', () => {
    // 4.0 s is the very start of frame 100
    expect(frameAt(frameStep(4.0, fps, 1, 60), fps)).toBe(101);
    expect(frameAt(frameStep(4.039, fps, -1, 60), fps)).toBe(99);
    // a time printed back with a rounding error stays in its frame
    expect(frameAt(4 - 1e-9, fps)).toBe(100);
  });

  it('works at NTSC rates and stops at the first and the last frame', () => {
    const ntsc = 30000 / 1001;
    let t = 0;
    const seen = [frameAt(t, ntsc)];
    for (let i = 0; i < 5; i++) seen.push(frameAt((t = frameStep(t, ntsc, 1, 10)), ntsc));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    expect(frameStep(0, fps, -1, 10)).toBeCloseTo(0.02, 9);
    const last = frameStep(9.99, fps, 1, 10);
    expect(frameAt(last, fps)).toBe(249);
    expect(last).toBeLessThan(10);
  });

  it('measures a frame rate from frame callbacks, ignoring dropped frames', () => {
    const times: number[] = [];
    for (let k = 0; k < 30; k++) if (k % 7 !== 3) times.push(k / 30);
    expect(measuredFrameRate(times)).toBe(30);
    expect(measuredFrameRate(times.slice(0, 4))).toBeNull();
    const film = Array.from({ length: 20 }, (_, k) => (k * 1001) / 24000);
    expect(measuredFrameRate(film)).toBe(23.976);
  });
});

describe('A-B loop', () => {
  const zone = (pause = 0): LoopState => setLoopPause(setB(setA(initialLoop, 10), 14), pause);

  it('goes back to A at B and counts each repeat', () => {
    const clock = new TestClock();
    let s = zone();
    expect(s.enabled).toBe(true);
    const r0 = loopTick(s, 12, clock.now(), true);
    expect(r0.action).toEqual({ kind: 'none' });
    const r1 = loopTick(r0.state, 14.05, clock.advance(4000), true);
    expect(r1.action).toEqual({ kind: 'seek', to: 10, pause: false });
    expect(r1.state.repeats).toBe(1);
    s = loopTick(r1.state, 10.1, clock.advance(100), true).state;
    const r2 = loopTick(s, 14.2, clock.advance(4000), true);
    expect(r2.state.repeats).toBe(2);
  });

  it('counts no repeat when the student starts playing at B: the first pass is from A', () => {
    const clock = new TestClock();
    // B just set where the video stands, then play
    const atB = loopTick(zone(), 14, clock.now(), true);
    expect(atB.action).toEqual({ kind: 'seek', to: 10, pause: false });
    expect(atB.state.repeats).toBe(0);
    const inside = loopTick(atB.state, 10.05, clock.advance(50), true).state;
    expect(loopTick(inside, 14.01, clock.advance(4000), true).state.repeats).toBe(1);
  });

  it('pauses at A for the chosen seconds, then plays', () => {
    const clock = new TestClock();
    let s = loopTick(zone(3), 13, clock.now(), true).state;
    const atB = loopTick(s, 14, clock.now(), true);
    expect(atB.action).toEqual({ kind: 'seek', to: 10, pause: true });
    s = atB.state;
    expect(s.repeats).toBe(1);
    // paused at A: nothing until 3 s have passed
    expect(loopTick(s, 10, clock.advance(1000), false).action).toEqual({ kind: 'none' });
    expect(loopTick(s, 10, clock.advance(1999), false).action).toEqual({ kind: 'none' });
    const go = loopTick(s, 10, clock.advance(1), false);
    expect(go.action).toEqual({ kind: 'play' });
    expect(go.state.resumeAt).toBeNull();
  });

  it('does nothing when off, paused by the student, or with B refused before A', () => {
    const s = toggleLoop(zone());
    expect(s.enabled).toBe(false);
    expect(loopTick(s, 20, 0, true).action).toEqual({ kind: 'none' });
    expect(loopTick(zone(), 20, 0, false).action).toEqual({ kind: 'none' });
    const a = setA(initialLoop, 10);
    expect(setB(a, 9)).toBe(a);
    expect(setB(a, 10.1)).toBe(a);
    // B without A loops from the start; A after B drops B
    expect(setB(initialLoop, 5)).toMatchObject({ a: 0, b: 5, enabled: true });
    expect(setA(zone(), 15)).toMatchObject({ a: 15, b: null, enabled: false });
    expect(setLoopPause(initialLoop, 9).pause).toBe(5);
  });
});

describe('countdown', () => {
  it('beeps once a second and says go at the end', () => {
    const clock = new TestClock(0);
    let s = startCountdown(clock.now(), 3);
    const beeps: Array<string | null> = [];
    const left: number[] = [];
    for (let i = 0; i <= 12; i++) {
      const r = countdownTick(s, clock.now());
      s = r.state;
      beeps.push(r.beep);
      left.push(r.left);
      clock.advance(250);
    }
    expect(left).toEqual([3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0]);
    expect(beeps.filter(Boolean)).toEqual(['tick', 'tick', 'tick', 'go']);
    expect(countdownTick(s, clock.now()).done).toBe(true);
    expect(countdownTick(s, clock.now()).beep).toBeNull();
  });

  it('a countdown of 0 plays at once', () => {
    const r = countdownTick(startCountdown(5, 0), 5);
    expect(r).toMatchObject({ done: true, beep: 'go', left: 0 });
  });
});

describe('delay buffer', () => {
  it('shows each frame the delay after it was taken, dropping older ones', () => {
    const clock = new TestClock(0);
    const dropped: number[] = [];
    const buf = new DelayBuffer<number>(3000, 1000, (v) => dropped.push(v));
    for (let i = 0; i < 40; i++) {
      buf.push(i, clock.now());
      clock.advance(100);
    }
    // 4 s of frames every 100 ms; now = 4000: due is 1000 -> frame 10
    expect(buf.take(clock.now())).toBe(10);
    expect(dropped).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(buf.size).toBe(30);
    expect(buf.waiting(clock.now())).toBe(0);
  });

  it('shows nothing while the delay fills, and starts again when it changes', () => {
    const clock = new TestClock(0);
    const buf = new DelayBuffer<string>(5000);
    buf.push('a', clock.now());
    expect(buf.take(clock.advance(4999))).toBeNull();
    expect(buf.waiting(clock.now())).toBeCloseTo(0.001, 6);
    expect(buf.take(clock.advance(1))).toBe('a');
    buf.setDelay(0);
    expect(buf.size).toBe(0);
    buf.push('live', clock.now());
    expect(buf.take(clock.now())).toBe('live');
  });

  it('keeps at most its capacity', () => {
    const dropped: number[] = [];
    const buf = new DelayBuffer<number>(20000, 3, (v) => dropped.push(v));
    for (let i = 0; i < 5; i++) buf.push(i, i);
    expect(buf.size).toBe(3);
    expect(dropped).toEqual([0, 1]);
  });
});

describe('resume', () => {
  it('offers a saved position unless near the start or the end', () => {
    expect(resumeOffer(192, 600)).toBe(192);
    expect(resumeOffer(2, 600)).toBeNull();
    // a short clip: the end is its last tenth
    expect(resumeOffer(5, 8)).toBe(5);
    expect(resumeOffer(7.5, 8)).toBeNull();
    expect(resumeOffer(595, 600)).toBeNull();
    expect(resumeOffer(null, 600)).toBeNull();
    expect(resumeOffer(192, NaN)).toBe(192);
    expect(formatClock(192)).toBe('3:12');
    expect(formatClock(59.9)).toBe('0:59');
    expect(formatClock(3725)).toBe('1:02:05');
  });

  it('saves while playing at most every 10 s, at once on pause, never twice the same second', () => {
    const clock = new TestClock(0);
    const sent: number[] = [];
    const saver = new PositionSaver((s) => sent.push(s));
    for (let t = 0; t <= 25; t += 0.25) {
      saver.update(t, clock.now());
      clock.advance(250);
    }
    expect(sent).toEqual([0, 10, 20]);
    expect(saver.update(23.4, clock.advance(100), true)).toBe(true);
    expect(saver.update(23.9, clock.advance(100), true)).toBe(false);
    expect(sent).toEqual([0, 10, 20, 23]);
    expect(SAVE_EVERY_MS).toBe(10_000);
  });
});

describe('compare side by side', () => {
  it('plays each side from its own offset for the shorter remaining length', () => {
    const attempt = { offset: 1.5, duration: 8 };
    const lesson = { offset: 30, duration: 45 };
    expect(compareLength(attempt, lesson)).toBe(6.5);
    expect(sideTime(lesson, 2)).toBe(32);
    expect(drifted(lesson, 2, 32.05)).toBe(false);
    expect(drifted(lesson, 2, 32.5)).toBe(true);
  });
});

describe('keys and preferences', () => {
  it('maps the player shortcuts, not with a modifier', () => {
    expect(commandOf({ key: ' ' })).toBe('playPause');
    expect(commandOf({ key: '.' })).toBe('frameForward');
    expect(commandOf({ key: '[' })).toBe('setA');
    expect(commandOf({ key: '>' })).toBe('faster');
    expect(commandOf({ key: 'l', ctrlKey: true })).toBeNull();
    expect(commandOf({ key: 'x' })).toBeNull();
    // a focused control keeps its own keys
    expect(keyOwnedByControl('BUTTON', ' ')).toBe(true);
    expect(keyOwnedByControl('BUTTON', 'm')).toBe(false);
    expect(keyOwnedByControl('SELECT', 'ArrowRight')).toBe(true);
    expect(keyOwnedByControl('DIV', ' ')).toBe(false);
  });

  it('falls back to defaults for unknown stored values', () => {
    expect(toPreferences({ speed: 0.5, mirror: true, countdown: 5, cameraDelay: 3 })).toEqual({
      speed: 0.5,
      mirror: true,
      countdown: 5,
      cameraDelay: 3,
    });
    expect(toPreferences({ speed: 7, mirror: 'yes', countdown: 4 })).toEqual({
      speed: 1,
      mirror: false,
      countdown: 0,
      cameraDelay: 0,
    });
  });
});
