/**
 * Resume: where a student left a class video, offered as "Resume at 3:12" on any device. A
 * position near the start or the end is not worth offering. While playing the position is saved
 * at most every SAVE_EVERY_MS, and at once on pause or when leaving.
 */
export const SAVE_EVERY_MS = 10_000;
/** Under this, starting over is the same. */
export const RESUME_MIN_SECONDS = 3;
/** Within this of the end (or the last tenth of a short clip), the video was watched through. */
export const RESUME_END_MARGIN = 10;

export function resumeOffer(saved: number | null | undefined, duration: number): number | null {
  if (saved == null || !Number.isFinite(saved) || saved < RESUME_MIN_SECONDS) return null;
  if (Number.isFinite(duration) && duration > 0) {
    const margin = Math.min(RESUME_END_MARGIN, duration / 10);
    if (saved > duration - margin) return null;
  }
  return saved;
}

/** 192 -> "3:12"; 3725 -> "1:02:05" */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Decides when to send the position: every SAVE_EVERY_MS while playing (a time update each
 * ~250 ms would flood the API), at once when `force` (pause, leaving the page), never the same
 * whole second twice.
 */
export class PositionSaver {
  private lastAt = -Infinity;
  private lastSent: number | null = null;

  constructor(private readonly send: (seconds: number) => void) {}

  update(seconds: number, now: number, force = false): boolean {
    const whole = Math.floor(seconds);
    if (whole === this.lastSent) return false;
    if (!force && now - this.lastAt < SAVE_EVERY_MS) return false;
    this.lastAt = now;
    this.lastSent = whole;
    this.send(whole);
    return true;
  }
}
