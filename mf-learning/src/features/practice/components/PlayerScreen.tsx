import type { CSSProperties, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivateVideoResponse } from '@circo/shared-contracts';

/**
 * The video itself (a local file, or the provider's embed), mirrored or not, at most `height`
 * high and as wide as a 16:9 frame of that height (full screen: the screen), with the countdown
 * over it.
 */
export function PlayerScreen({
  video,
  title,
  index,
  height,
  fullscreen,
  mirror,
  videoRef,
  frameRef,
  embed,
  frameSrc,
  countdownLeft,
  onCancelCountdown,
  onExpired,
}: {
  video: PrivateVideoResponse;
  title: string;
  index: number;
  height: number;
  fullscreen: boolean;
  mirror: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  frameRef: RefObject<HTMLIFrameElement | null>;
  embed: string | null;
  frameSrc: string | null;
  countdownLeft: number | null;
  onCancelCountdown: () => void;
  onExpired?: (at: number) => void;
}) {
  const { t } = useTranslation('practice');
  const { t: tl } = useTranslation('learning');
  const mediaStyle: CSSProperties = fullscreen
    ? {}
    : { maxHeight: height, maxWidth: (height * 16) / 9 };
  const mirrored = mirror ? ' practice__media--mirrored' : '';
  return (
    <div
      className="practice__screen"
      tabIndex={0}
      role="group"
      aria-label={t('screen', { title })}
      aria-describedby={`practice-keys-${index}`}
      data-testid="practice-screen"
    >
      {video.provider === 'local' ? (
        <video
          ref={videoRef}
          className={`learn-video practice__media${mirrored}`}
          src={video.url}
          // no browser controls: the toolbar below does all they do, once (beside it they
          // doubled every button, and mirrored they ran backwards)
          playsInline
          preload="auto"
          style={mediaStyle}
          data-testid="video-player"
          data-mirrored={mirror}
          onError={() => onExpired?.(videoRef.current?.currentTime ?? 0)}
        />
      ) : embed ? (
        <iframe
          ref={frameRef}
          className={`learn-video practice__media${mirrored}`}
          src={frameSrc ?? embed}
          title={title}
          style={mediaStyle}
          data-mirrored={mirror}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <p className="learn-error" role="alert">
          {tl('viewer.videoError')}
        </p>
      )}
      {countdownLeft !== null && (
        <div className="practice__countdown" role="timer" aria-live="assertive">
          <span data-testid="countdown-left">{countdownLeft}</span>
          <button type="button" className="btn btn--ghost" onClick={onCancelCountdown}>
            {t('cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
