// The practice player's rules shared by the API (what it accepts and stores) and mf-learning
// (what it offers): speeds, countdowns, camera delays, practice minutes and the streak.

/** The practice speeds, slowest first (1 is normal speed). */
export const PRACTICE_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export type PracticeSpeed = (typeof PRACTICE_SPEEDS)[number];
export const isPracticeSpeed = (v: unknown): v is PracticeSpeed =>
  typeof v === 'number' && (PRACTICE_SPEEDS as readonly number[]).includes(v);
/** A speed as both players write it, with the language's decimal mark: "0,25×" (es, fr), "0.25×" (en). */
export const speedLabel = (speed: number, lang: string): string =>
  `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(speed)}×`;

/** Seconds of countdown before play. */
export const PRACTICE_COUNTDOWNS = [0, 3, 5, 10] as const;
export type PracticeCountdown = (typeof PRACTICE_COUNTDOWNS)[number];
export const isPracticeCountdown = (v: unknown): v is PracticeCountdown =>
  typeof v === 'number' && (PRACTICE_COUNTDOWNS as readonly number[]).includes(v);

/** Seconds the camera is shown late (0: live). */
export const CAMERA_DELAYS = [0, 3, 5, 10, 20] as const;
export type CameraDelay = (typeof CAMERA_DELAYS)[number];
export const isCameraDelay = (v: unknown): v is CameraDelay =>
  typeof v === 'number' && (CAMERA_DELAYS as readonly number[]).includes(v);

/** Minutes one "I practised this" may log (a whole day of training at most). */
export const PRACTICE_MINUTES_MIN = 1;
export const PRACTICE_MINUTES_MAX = 600;
/** The greatest position a class video may be saved at (24 h: no class is longer). */
export const POSITION_SECONDS_MAX = 86_400;

/**
 * The streak: consecutive calendar days (UTC dates 'YYYY-MM-DD') with practice, ending today or
 * yesterday (a student who practised yesterday has not lost it before the day is over).
 */
export function practiceStreak(days: readonly string[], today: string): number {
  const set = new Set(days);
  const dayMs = 86_400_000;
  const t = Date.parse(`${today}T00:00:00Z`);
  if (!Number.isFinite(t)) return 0;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let cursor = set.has(today) ? t : set.has(iso(t - dayMs)) ? t - dayMs : null;
  let streak = 0;
  while (cursor !== null && set.has(iso(cursor))) {
    streak++;
    cursor -= dayMs;
  }
  return streak;
}
