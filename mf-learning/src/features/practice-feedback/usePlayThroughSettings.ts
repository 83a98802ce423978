import { useCallback, useEffect, useState } from 'react';
import type { PlayThroughSettings } from '@circo/shared-web/src/practice';

const KEY = 'practice.clipNotes';
export const DEFAULT_PLAY_THROUGH: PlayThroughSettings = { pause: true, voice: false };

/** What storage held, or the default for what it did not (a gym's shared tablet may hold nothing). */
export function toPlayThrough(raw: string | null): PlayThroughSettings {
  try {
    const r = JSON.parse(raw ?? '{}') as Record<string, unknown>;
    return {
      pause: typeof r.pause === 'boolean' ? r.pause : DEFAULT_PLAY_THROUGH.pause,
      voice: typeof r.voice === 'boolean' ? r.voice : DEFAULT_PLAY_THROUGH.voice,
    };
  } catch {
    return DEFAULT_PLAY_THROUGH;
  }
}

/**
 * The student's choice for her clips: stop at each note (on by default) and play its voice note
 * there (off: a gym is loud, or quiet), kept on this device.
 */
export function usePlayThroughSettings() {
  const [settings, setSettings] = useState<PlayThroughSettings>(DEFAULT_PLAY_THROUGH);
  useEffect(() => {
    setSettings(toPlayThrough(localStorage.getItem(KEY)));
  }, []);
  const change = useCallback((next: Partial<PlayThroughSettings>) => {
    setSettings((prev) => {
      const merged = { ...prev, ...next };
      try {
        localStorage.setItem(KEY, JSON.stringify(merged));
      } catch {
        // private mode: the choice lasts this visit
      }
      return merged;
    });
  }, []);
  return [settings, change] as const;
}
