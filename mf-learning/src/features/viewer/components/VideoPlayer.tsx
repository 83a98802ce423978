import { useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toEmbedUrl, type PrivateVideoResponse } from '@circo/shared-contracts';
import { fetchPrivateVideo, learningQueries } from '@circo/shared-web';
import { useLang } from '../../shared/hooks';

/** At most `height` high, and as wide as a 16:9 frame of that height: the ratio is kept. */
const frameSize = (height: number): CSSProperties => ({
  maxHeight: height,
  maxWidth: (height * 16) / 9,
});

/**
 * One private video: a local file plays in <video> (range requests let it seek); a Vimeo or
 * YouTube one in the provider's player. While the provider processes it, its status is asked
 * every 15 s. An expired link (a long pause) is renewed once, at the same position.
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
  const [failed, setFailed] = useState(false);
  const renewed = useRef(false);
  const ref = useRef<HTMLVideoElement>(null);
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

  const onError = async () => {
    if (renewed.current) return setFailed(true);
    renewed.current = true;
    const at = ref.current?.currentTime ?? 0;
    try {
      const fresh = await fetchPrivateVideo(classId, index, lang);
      setCurrent(fresh);
      requestAnimationFrame(() => {
        if (ref.current) ref.current.currentTime = at;
      });
    } catch {
      setFailed(true);
    }
  };

  if (current.provider === 'local') {
    return (
      <video
        ref={ref}
        className="learn-video"
        src={current.url}
        controls
        preload="metadata"
        controlsList="nodownload"
        style={frameSize(height)}
        data-testid="video-player"
        onError={() => void onError()}
      />
    );
  }
  const embed = current.provider === 'vimeo' ? current.url : toEmbedUrl(current.url);
  if (!embed)
    return (
      <p className="learn-error" role="alert">
        {t('viewer.videoError')}
      </p>
    );
  return (
    <iframe
      className="learn-video"
      src={embed}
      title={title}
      style={frameSize(height)}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
    />
  );
}
