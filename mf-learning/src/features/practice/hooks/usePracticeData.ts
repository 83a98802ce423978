import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRACTICE_PATHS,
  type ClassPositionResponse,
  type PracticeLogResponse,
  type PracticePreferences,
} from '@circo/shared-contracts';
import { api, getJson, sendOrQueue, useApiMutation } from '@circo/shared-web';
import { useUserId } from '../../shared/hooks';
import { DEFAULT_PREFERENCES } from '../model/practiceSettings';

// The practice player's server data: keys start with 'learning' and the user id, like
// the rest of the student area, so one user's data never shows to the next user of the tab.
export const practiceKeys = {
  position: (userId: string, classId: string) =>
    ['learning', userId, 'practice', 'position', classId] as const,
  preferences: (userId: string) => ['learning', userId, 'practice', 'preferences'] as const,
  log: (userId: string, classId: string | null) =>
    ['learning', userId, 'practice', 'log', classId ?? 'all'] as const,
};

/** The student's local calendar day (the streak counts her days, not the server's). */
export function localDay(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function usePosition(classId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: practiceKeys.position(userId, classId),
    queryFn: getJson<ClassPositionResponse>(PRACTICE_PATHS.position(classId)),
    enabled: userId !== '',
    staleTime: 0,
  });
}

/** PUT the position (fire and forget: a lost save costs ten seconds of resume, not an error). */
export function savePosition(classId: string, seconds: number, video: number): void {
  api(PRACTICE_PATHS.position(classId), {
    method: 'PUT',
    body: { seconds: Math.max(0, seconds), video },
  }).catch((err: unknown) => console.warn('practice position not saved', err));
}

export function usePreferences() {
  const userId = useUserId();
  const q = useQuery({
    queryKey: practiceKeys.preferences(userId),
    queryFn: getJson<PracticePreferences>(PRACTICE_PATHS.preferences),
    enabled: userId !== '',
    staleTime: Infinity,
  });
  return { preferences: q.data ?? DEFAULT_PREFERENCES, loaded: q.isSuccess };
}

/** Remembers a choice at once on screen, then on the server. */
export function useSavePreferences() {
  const userId = useUserId();
  const client = useQueryClient();
  const key = practiceKeys.preferences(userId);
  const mutation = useApiMutation<PracticePreferences, PracticePreferences>({
    mutationFn: (p) =>
      api<PracticePreferences>(PRACTICE_PATHS.preferences, { method: 'PUT', body: p }),
  });
  // a change may be worked out from the current choices (two quick key presses: the second
  // sees the first's result, not the last render's). A read of the choices still on its way
  // (a slow first answer) is cancelled first: landing after the change, it would undo it
  return async (
    change:
      Partial<PracticePreferences> | ((now: PracticePreferences) => Partial<PracticePreferences>),
  ) => {
    await client.cancelQueries({ queryKey: key });
    const current = client.getQueryData<PracticePreferences>(key) ?? DEFAULT_PREFERENCES;
    const next = { ...current, ...(typeof change === 'function' ? change(current) : change) };
    client.setQueryData(key, next);
    mutation.mutate(next);
  };
}

export function usePracticeLog(classId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: practiceKeys.log(userId, classId),
    queryFn: getJson<PracticeLogResponse>(PRACTICE_PATHS.log, {
      classId: classId ?? undefined,
      today: localDay(),
    }),
    enabled: userId !== '',
  });
}

export function useLogPractice(classId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useApiMutation<PracticeLogResponse | null, { minutes: number }>({
    // with no network the entry waits on the device, its key making it one entry however often
    // it is sent (null: kept for later, counted on screen meanwhile)
    mutationFn: async ({ minutes }) => {
      const id = crypto.randomUUID();
      const res = await sendOrQueue<PracticeLogResponse>(userId, {
        id,
        method: 'POST',
        path: PRACTICE_PATHS.log,
        body: { classId, minutes, day: localDay(), idempotencyKey: id },
      });
      if (res.sent) return res.data;
      for (const which of [classId, null]) {
        client.setQueryData<PracticeLogResponse>(practiceKeys.log(userId, which), (old) =>
          old ? { ...old, totalMinutes: old.totalMinutes + minutes } : old,
        );
      }
      return null;
    },
    invalidates: (data) => (data ? [practiceKeys.log(userId, null)] : []),
    onSuccess: (data) => {
      if (data) client.setQueryData(practiceKeys.log(userId, classId), data);
    },
  });
}
