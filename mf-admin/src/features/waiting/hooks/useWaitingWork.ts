import { useQuery } from '@tanstack/react-query';
import { PRACTICE_CLIP_PATHS, type AdminWaitingWork } from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';

/** The query the header's menu shares (same key): an answer sent refreshes both. */
export const waitingKey = ['admin', 'practice', 'waiting'] as const;

/** GET /admin/practice/clips/waiting: what waits for the coach, counted. */
export function useWaitingWork() {
  return useQuery({
    queryKey: waitingKey,
    queryFn: getJson<AdminWaitingWork>(PRACTICE_CLIP_PATHS.adminWaiting),
    staleTime: 60_000,
  });
}
