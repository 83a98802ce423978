import {
  isCameraDelay,
  isPracticeCountdown,
  isPracticeSpeed,
  type PracticePreferences,
} from '@circo/shared-contracts';

export const DEFAULT_PREFERENCES: PracticePreferences = {
  speed: 1,
  mirror: false,
  countdown: 0,
  cameraDelay: 0,
};

/** Preferences from whatever the server or storage held: unknown values fall back to the default. */
export function toPreferences(raw: unknown): PracticePreferences {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    speed: isPracticeSpeed(r.speed) ? r.speed : DEFAULT_PREFERENCES.speed,
    mirror: typeof r.mirror === 'boolean' ? r.mirror : DEFAULT_PREFERENCES.mirror,
    countdown: isPracticeCountdown(r.countdown) ? r.countdown : DEFAULT_PREFERENCES.countdown,
    cameraDelay: isCameraDelay(r.cameraDelay) ? r.cameraDelay : DEFAULT_PREFERENCES.cameraDelay,
  };
}
