import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { PrivateVideoResponse } from '@circo/shared-contracts';
import { Spinner, fetchPrivateVideo, learningQueries } from '@circo/shared-web';
import { useLang } from '../../shared/hooks';
import { useOfflineCopy } from '../../offline/hooks/useOfflineCopy';

// the practice player's code (speeds, loop, camera, compare) loads only when a video is opened
const PracticePlayer = lazy(() => import('../../practice/components/PracticePlayer'));

/**
 * One private video in the practice player: a local file plays in <video> (range requests let it
 * seek); a Vimeo or YouTube one in the provider's player, a downloaded Vimeo file in <video> when
 * there is no network or Vimeo's player cannot load. While the provider processes it, its
 * status is asked every 15 s. An expired link (a long pause) is renewed once, at the same position.
 */
export function VideoPlayer({
  video,
  classId,
  index,
  height,
  title,
}: {
  video: PrivateVideoResponse;
  classId: string;
  index: number;
  /** the frame's greatest height (spec: 450 in the student view, 360 on course pages) */
  height: number;
  title: string;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const [current, setCurrent] = useState(video);
  const [startAt, setStartAt] = useState<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const renewed = useRef(false);
  const offline = useOfflineCopy(current);
  const polling = current.status !== 'available' && current.videoId !== '';
  const status = useQuery({ ...learningQueries.videoStatus(current.videoId), enabled: polling });
  const state = polling ? (status.data?.status ?? current.status) : current.status;

  if (state === 'processing')
    return <p className="alert alert--info">{t('viewer.videoProcessing')}</p>;
  if (state === 'error') return <p className="alert alert--error">{t('viewer.videoFailed')}</p>;
  if (failed)
    return (
      <p className="learn-error" role="alert">
        {t('viewer.videoError')}
      </p>
    );

  const onExpired = async (at: number) => {
    if (renewed.current) return setFailed(true);
    renewed.current = true;
    try {
      const fresh = await fetchPrivateVideo(classId, index, lang);
      setCurrent(fresh);
      setStartAt(at);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Suspense fallback={<Spinner />}>
      <PracticePlayer
        video={offline.video}
        onProviderFailed={offline.onProviderFailed}
        classId={classId}
        index={index}
        title={title}
        height={height}
        startAt={startAt}
        onExpired={(at) => void onExpired(at)}
      />
    </Suspense>
  );
}
