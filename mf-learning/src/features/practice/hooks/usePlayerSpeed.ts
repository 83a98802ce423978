import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PracticePreferences, VideoProvider } from '@circo/shared-contracts';
import type { Playback } from './playback';
import { usePreferences, useSavePreferences } from './usePracticeData';

/**
 * The practice speed: the remembered one applied once the player is there (YouTube lists its
 * speeds only once its player answers), a change remembered when the provider took it, and the
 * message when it refused.
 */
export function usePlayerSpeed(playback: Playback | null, provider: VideoProvider) {
  const { t } = useTranslation('practice');
  const { preferences } = usePreferences();
  const savePreferences = useSavePreferences();
  const [message, setMessage] = useState<string | null>(null);
  const speed = preferences.speed;
  const refused = provider === 'vimeo' ? t('speedDisabledVimeo') : t('speedRefused');
  const rateCount = playback?.rates().length ?? 0;
  useEffect(() => {
    if (!playback || rateCount === 0) return;
    void playback.setRate(speed).then((ok) => {
      if (!ok && speed !== 1) setMessage(refused);
    });
  }, [playback, speed, rateCount, refused]);

  // the speed asked for last, ahead of the render that shows it (quick `<` `<` go two steps)
  const speedRef = useRef<number>(speed);
  useEffect(() => {
    speedRef.current = speed;
  }, [speed]);
  const changeSpeed = useCallback(
    async (next: number) => {
      if (!playback) return;
      const before = speedRef.current;
      speedRef.current = next;
      const ok = await playback.setRate(next);
      if (!ok) {
        speedRef.current = before;
        setMessage(refused);
        return;
      }
      setMessage(null);
      void savePreferences({ speed: next as PracticePreferences['speed'] });
    },
    [playback, refused, savePreferences],
  );
  return { speed, speedRef, changeSpeed, message };
}
