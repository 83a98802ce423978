import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DownloadRecord, ItemType } from '@circo/shared-contracts';
import {
  deleteDownload,
  downloadRecords,
  offlineSupported,
  planDownload,
  runDownload,
  storageLeft,
  type DownloadPlan,
} from '../model/downloads';
import { useLang, useUserId } from '../../shared/hooks';

export const downloadsKey = (userId: string) =>
  ['learning', userId, 'offline', 'downloads'] as const;

/** The account's downloads on this device (none where the browser keeps no files). */
export function useDownloadRecords() {
  const userId = useUserId();
  return useQuery({
    queryKey: downloadsKey(userId),
    queryFn: () => downloadRecords(userId),
    enabled: userId !== '' && offlineSupported(),
    // the device's own data: no network needed, nothing to refetch on focus
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function useDeleteDownload() {
  const userId = useUserId();
  const client = useQueryClient();
  return async (record: DownloadRecord) => {
    await deleteDownload(userId, record.kind, record.id);
    await client.invalidateQueries({ queryKey: downloadsKey(userId) });
  };
}

export type DownloadState =
  | { step: 'idle' }
  | { step: 'planning' }
  | { step: 'confirm'; plan: DownloadPlan; left: number | null }
  | { step: 'downloading'; done: number; total: number }
  | { step: 'failed'; reason: 'space' | 'network' };

/** One download (a whole item, or one class of it): planned, confirmed, run with its progress. */
export function useDownload(kind: ItemType, itemId: string, classId?: string) {
  const userId = useUserId();
  const lang = useLang();
  const client = useQueryClient();
  const [state, setState] = useState<DownloadState>({ step: 'idle' });

  const plan = useCallback(async () => {
    setState({ step: 'planning' });
    try {
      const [p, left] = await Promise.all([
        planDownload({ userId, kind, id: itemId, lang, classId }),
        storageLeft(),
      ]);
      setState({ step: 'confirm', plan: p, left });
    } catch (err) {
      console.warn('download not planned', err);
      setState({ step: 'failed', reason: 'network' });
    }
  }, [userId, kind, itemId, lang, classId]);

  const start = useCallback(async () => {
    if (state.step !== 'confirm') return;
    if (state.left !== null && state.left < state.plan.bytes) {
      setState({ step: 'failed', reason: 'space' });
      return;
    }
    try {
      await runDownload(userId, state.plan, (done, total) =>
        setState({ step: 'downloading', done, total }),
      );
      await client.invalidateQueries({ queryKey: downloadsKey(userId) });
      setState({ step: 'idle' });
    } catch (err) {
      console.warn('download not finished', err);
      setState({ step: 'failed', reason: 'network' });
    }
  }, [state, userId, client]);

  return { state, plan, start, cancel: () => setState({ step: 'idle' }) };
}
