/**
 * Frame stepping at a known frame rate. A frame k is shown from k/fps to (k+1)/fps; a step seeks
 * to the middle of the next or previous frame, so the browser shows that frame and no rounding of
 * the time (nor a decoder's timestamps a hair off) puts it between two.
 */

/** Frame rates outside this range are not a video's (a parser's or a measure's mistake). */
export const MIN_FPS = 1;
export const MAX_FPS = 240;

export const isFrameRate = (fps: unknown): fps is number =>
  typeof fps === 'number' && Number.isFinite(fps) && fps >= MIN_FPS && fps <= MAX_FPS;

/** The frame shown at `seconds` (0-based). */
export function frameAt(seconds: number, fps: number): number {
  // a time at the middle of a frame, printed back by the browser with a rounding error, stays in it
  return Math.max(0, Math.floor(seconds * fps + 1e-6));
}

/** The time in the middle of frame `k`. */
export const timeOfFrame = (k: number, fps: number): number => (k + 0.5) / fps;

/** Where one step back (-1) or forward (1) from `seconds` lands, inside [0, duration]. */
export function frameStep(seconds: number, fps: number, dir: 1 | -1, duration: number): number {
  const last =
    Number.isFinite(duration) && duration > 0 ? Math.floor(duration * fps - 1e-6) : Infinity;
  const target = Math.min(last, Math.max(0, frameAt(seconds, fps) + dir));
  return timeOfFrame(target, fps);
}

/**
 * A frame rate measured from successive `requestVideoFrameCallback` media times (seconds) while
 * playing at 1×: the most common gap between frames, snapped to a usual rate when it is close
 * (23.976, 25, 29.97, 30, 50, 59.94, 60). Null until there are enough frames to tell.
 */
export function measuredFrameRate(mediaTimes: readonly number[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < mediaTimes.length; i++) {
    const d = mediaTimes[i]! - mediaTimes[i - 1]!;
    if (d > 0 && d < 1) gaps.push(d);
  }
  if (gaps.length < 8) return null;
  gaps.sort((a, b) => a - b);
  // the smallest gaps are single frames; a dropped frame makes a double gap
  const single = gaps.slice(0, Math.ceil(gaps.length / 2));
  const gap = single[Math.floor(single.length / 2)]!;
  const fps = 1 / gap;
  const usual = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 120];
  const near = usual
    .filter((u) => Math.abs(u - fps) / u < 0.02)
    .sort((x, y) => Math.abs(x - fps) - Math.abs(y - fps))[0];
  const rate = near ?? Math.round(fps * 100) / 100;
  return isFrameRate(rate) ? rate : null;
}
