import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PrivateVideoResponse } from '@circo/shared-contracts';
import { useOnline } from '@circo/shared-web';
import { isDownloaded, offlineSupported } from '../model/downloads';
import { useUserId } from '../../shared/hooks';

/**
 * The class video the player plays. A Vimeo video whose file was downloaded plays from that file,
 * in the player's own <video> (speeds, loop, mirror, frame step), when the page has no network
 * or Vimeo's player could not load (`onProviderFailed`); online it stays in Vimeo's player.
 */
export function useOfflineCopy(video: PrivateVideoResponse) {
  const userId = useUserId();
  const online = useOnline();
  const [providerFailed, setProviderFailed] = useState(false);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const file =
    video.provider === 'vimeo' && video.status === 'available'
      ? (video.offlineFile?.url ?? null)
      : null;

  useEffect(() => {
    if (!file || !userId || !offlineSupported()) return;
    let gone = false;
    isDownloaded(userId, file).then(
      (yes) => !gone && setDownloaded(yes ? file : null),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [file, userId]);

  const fromFile = file !== null && downloaded === file && (!online || providerFailed);
  const played = useMemo<PrivateVideoResponse>(
    () => (fromFile && file ? { ...video, provider: 'local', url: file } : video),
    [fromFile, file, video],
  );
  const onProviderFailed = useCallback(() => setProviderFailed(true), []);
  return { video: played, onProviderFailed };
}
