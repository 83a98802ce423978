import { useCallback, useEffect, useRef, useState } from 'react';
import { useUserId } from '../../shared/hooks';
import { attemptKey, deleteAttempt, loadAttempt, saveAttempt } from './attemptStore';
import type { Attempt } from './useRecorder';

/**
 * The student's recorded attempt at one class video: kept in this browser (IndexedDB) until she
 * deletes it, shown through an object URL that goes with the player.
 */
export function useAttempt(classId: string, video: number) {
  const userId = useUserId();
  const key = attemptKey(userId, classId, video);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const url = useRef<string | null>(null);
  const replace = useCallback((next: Attempt | null) => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = next?.url ?? null;
    setAttempt(next);
  }, []);

  useEffect(() => {
    let gone = false;
    if (!userId) return;
    loadAttempt(key).then(
      (stored) => {
        if (gone || !stored) return;
        replace({ ...stored, url: URL.createObjectURL(stored.blob) });
      },
      (err: unknown) => console.warn('stored attempt not read', err),
    );
    return () => {
      gone = true;
    };
  }, [key, userId, replace]);

  useEffect(() => () => replace(null), [replace]);

  const keep = useCallback(
    (a: Attempt) => {
      replace(a);
      saveAttempt(key, { blob: a.blob, classAt: a.classAt, recordedAt: a.recordedAt }).catch(
        (err: unknown) => console.warn('attempt not kept', err),
      );
    },
    [key, replace],
  );

  const remove = useCallback(() => {
    replace(null);
    deleteAttempt(key).catch((err: unknown) => console.warn('attempt not deleted', err));
  }, [key, replace]);

  return { attempt, keep, remove };
}
