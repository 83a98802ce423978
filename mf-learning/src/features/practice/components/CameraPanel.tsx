import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMERA_DELAYS, type CameraDelay } from '@circo/shared-contracts';
import type { Playback } from '../hooks/playback';
import { useCamera } from '../hooks/useCamera';
import { useCountdown } from '../hooks/useCountdown';
import { useDelayedCamera } from '../hooks/useDelayedCamera';
import { useRecorder, type Attempt } from '../hooks/useRecorder';

/**
 * The student's camera beside the class video, mirrored like a real mirror, live or some seconds
 * late; records an attempt after the countdown (the class video plays along). Nothing leaves the
 * device. A refused or missing camera shows why, and the player keeps working.
 */
export function CameraPanel(p: {
  delay: CameraDelay;
  onDelay: (d: CameraDelay) => void;
  countdown: number;
  lesson: Playback | null;
  onAttempt: (a: Attempt) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('practice');
  const camera = useCamera();
  const live = useRef<HTMLVideoElement>(null);
  const delayed = useRef<HTMLCanvasElement>(null);
  const stream = camera.status === 'live' ? camera.stream : null;
  const waiting = useDelayedCamera(live, delayed, stream ? p.delay : 0);
  const recorder = useRecorder(stream, p.onAttempt);
  const countdown = useCountdown();

  useEffect(() => {
    if (live.current && stream) live.current.srcObject = stream;
  }, [stream]);

  const record = () => {
    countdown.start(p.countdown, () => {
      const lesson = p.lesson;
      recorder.start(lesson?.time() ?? 0);
      lesson?.play();
    });
  };

  if (camera.status !== 'live' && camera.status !== 'asking') {
    return (
      <div className="practice__camera" data-testid="camera-panel">
        <p className="alert alert--error" role="alert" data-testid="camera-error">
          {t(`cameraError.${camera.status}`)}
        </p>
        <button type="button" className="btn btn--ghost practice__big" onClick={p.onClose}>
          {t('closeCamera')}
        </button>
      </div>
    );
  }

  return (
    <div className="practice__camera" data-testid="camera-panel">
      <div className="practice__camera-view">
        <video
          ref={live}
          className="practice__camera-video"
          autoPlay
          muted
          playsInline
          aria-label={t('cameraLive')}
          hidden={p.delay > 0}
          data-testid="camera-live"
        />
        {p.delay > 0 && (
          <canvas
            ref={delayed}
            className="practice__camera-video"
            role="img"
            aria-label={t('cameraDelayed', { count: p.delay })}
            data-testid="camera-delayed"
          />
        )}
        {camera.status === 'asking' && <p className="practice__overlay">{t('cameraAsking')}</p>}
        {p.delay > 0 && waiting > 0 && (
          <p className="practice__overlay" role="status" data-testid="camera-waiting">
            {t('delayFilling', { count: waiting })}
          </p>
        )}
        {countdown.left !== null && (
          <div className="practice__countdown" role="timer" aria-live="assertive">
            <span>{countdown.left}</span>
          </div>
        )}
        {recorder.recording && (
          <p className="practice__rec" role="status" data-testid="recording">
            {t('recording')}
          </p>
        )}
      </div>
      <div className="practice__bar" role="toolbar" aria-label={t('cameraControls')}>
        <label className="practice__field">
          <span>{t('delay')}</span>
          <select
            value={String(p.delay)}
            onChange={(e) => p.onDelay(Number(e.target.value) as CameraDelay)}
            data-testid="camera-delay"
          >
            {CAMERA_DELAYS.map((d) => (
              <option key={d} value={String(d)}>
                {d === 0 ? t('live') : t('seconds', { count: d })}
              </option>
            ))}
          </select>
        </label>
        {recorder.recording ? (
          <button type="button" className="btn btn--primary practice__big" onClick={recorder.stop}>
            {t('stopRecording')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--primary practice__big"
            onClick={record}
            disabled={!stream || !recorder.supported || countdown.left !== null}
          >
            {t('record')}
          </button>
        )}
        <button type="button" className="btn btn--ghost practice__big" onClick={p.onClose}>
          {t('closeCamera')}
        </button>
      </div>
    </div>
  );
}
