import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRACTICE_CLIP_PATHS, type PracticeClipStatus } from '@circo/shared-contracts';
import { api } from '@circo/shared-web';
import { practiceErrorKey, practiceKeys } from '../queries';

/**
 * The teacher's writes on a clip (answered / reopened, a comment deleted): one at a time, the
 * clip and the queue read again after each, a failure said in words.
 */
export function useAnswerWrites(clipId: string) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: practiceKeys.all });
  const write = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      await refresh();
    } catch (err) {
      setError(t(practiceErrorKey(err)));
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    error,
    refresh,
    setStatus: (status: PracticeClipStatus) =>
      write(() =>
        api(PRACTICE_CLIP_PATHS.adminClip(clipId), { method: 'PATCH', body: { status } }),
      ),
    deleteComment: (commentId: string) =>
      write(() => api(PRACTICE_CLIP_PATHS.adminComment(clipId, commentId), { method: 'DELETE' })),
  };
}
