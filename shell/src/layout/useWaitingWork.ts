import { useQuery } from '@tanstack/react-query';
import { PRACTICE_CLIP_PATHS, type AdminWaitingWork } from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';

/**
 * How much work waits for the admin (students' clips to answer), for the header's menu. Under
 * the admin's query keys: every admin write (an answer sent) refreshes it; otherwise every few
 * minutes, so a clip sent meanwhile shows up between classes.
 */
export function useWaitingWork(isAdmin: boolean): number {
  const q = useQuery({
    queryKey: ['admin', 'practice', 'waiting'],
    queryFn: getJson<AdminWaitingWork>(PRACTICE_CLIP_PATHS.adminWaiting),
    enabled: isAdmin,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  return isAdmin ? (q.data?.total ?? 0) : 0;
}
