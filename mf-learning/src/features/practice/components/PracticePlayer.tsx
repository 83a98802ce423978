import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '@circo/shared-web';
import en from '../../../locales/practice/en.json';
import es from '../../../locales/practice/es.json';
import fr from '../../../locales/practice/fr.json';
import type { PrivateVideoResponse } from '@circo/shared-contracts';
import { canLoop } from '../model/abLoop';
import { frameAt, isFrameRate } from '../model/frames';
import { frameStepReasonOf } from '../hooks/playback';
import { useMediaDriver, useMeasuredFrameRate, usePlayerTick } from '../hooks/usePlayerMedia';
import { useCountdown } from '../hooks/useCountdown';
import { useFullscreen } from '../hooks/useFullscreen';
import { usePreferences, useSavePreferences } from '../hooks/usePracticeData';
import { usePositionSaver, useResumeOffer } from '../hooks/useResume';
import { useAttempt } from '../hooks/useAttempt';
import { useLoop } from '../hooks/useLoop';
import { usePlayerCommands } from '../hooks/usePlayerCommands';
import { usePlayerSpeed } from '../hooks/usePlayerSpeed';
import { CameraPanel } from './CameraPanel';
import { AttemptArea, ResumeOffer } from './PlayerBanners';
import { PlayerScreen } from './PlayerScreen';
import { PlayerToolbar } from './PlayerToolbar';

// the player's texts come with its code (the class page carries only the practice log's)
addTranslations('practice', { es, en, fr });

export interface PracticePlayerProps {
  video: PrivateVideoResponse;
  classId: string;
  index: number;
  title: string;
  /** the frame's greatest height (spec: 450 in the student view) */
  height: number;
  /** the local file's link failed (expired after a long pause): renew it, resume at `at` */
  onExpired?: (at: number) => void;
  /** where to start (after a renewed link) */
  startAt?: number;
  /** the provider's player did not load (Vimeo with no network): a downloaded file may play */
  onProviderFailed?: () => void;
}

/**
 * The practice player: a class video with practice speeds, frame stepping, a mirror,
 * an A-B loop with a pause and a repeat counter, a countdown with beeps, keyboard shortcuts,
 * resume on any device, and the student's camera beside it. Loaded only when a video is opened.
 */
export default function PracticePlayer(props: PracticePlayerProps) {
  const { video, classId, index, title, height, onExpired, startAt } = props;
  const { t } = useTranslation('practice');
  const { preferences } = usePreferences();
  const savePreferences = useSavePreferences();
  const countdown = useCountdown();
  const { loop, dispatchLoop, loopRef } = useLoop();
  const [cameraOpen, setCameraOpen] = useState(false);
  const { attempt, keep: keepAttempt, remove: removeAttempt } = useAttempt(classId, index);
  const [comparing, setComparing] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(rootRef);
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  const provider = video.provider;
  const { playback, embed, isYoutube, youtubeSrc } = useMediaDriver(props, videoRef, frameRef);
  // a local file's frame rate when the container did not give one: measured while playing at 1x
  const measuredFps = useMeasuredFrameRate(
    videoRef,
    provider === 'local' && !isFrameRate(video.frameRate),
  );
  const fps = isFrameRate(video.frameRate) ? video.frameRate : measuredFps;
  const { speed, speedRef, changeSpeed, message } = usePlayerSpeed(playback, provider);

  const saver = usePositionSaver(playback, classId, index);
  const { now, setNow, playing } = usePlayerTick(playback, saver, loopRef, (state) =>
    dispatchLoop({ type: 'replace', state }),
  );

  const resume = useResumeOffer({ playback, classId, index, startAt, duration: now.duration });
  const offer = resume.offer;

  const { playPause, stepFrame, run, onKeyDown } = usePlayerCommands({
    playback,
    fps,
    countdown,
    countdownSeconds: preferences.countdown,
    saver,
    dispatchLoop,
    savePreferences,
    speedRef,
    changeSpeed,
    setNow,
    onPlay: resume.dismiss,
  });

  const frameStepReason = frameStepReasonOf(playback, fps, provider === 'local');

  return (
    <section
      ref={rootRef}
      className={`practice${fullscreen ? ' practice--fullscreen' : ''}`}
      aria-label={t('region', { title })}
      data-testid="practice-player"
      onKeyDown={onKeyDown}
    >
      <div className={`practice__stage${cameraOpen ? ' practice__stage--camera' : ''}`}>
        <PlayerScreen
          video={video}
          title={title}
          index={index}
          height={height}
          fullscreen={fullscreen}
          mirror={preferences.mirror}
          videoRef={videoRef}
          frameRef={frameRef}
          embed={embed}
          frameSrc={isYoutube ? youtubeSrc : null}
          countdownLeft={countdown.left}
          onCancelCountdown={countdown.cancel}
          onExpired={onExpired}
        />
        {cameraOpen && (
          <CameraPanel
            delay={preferences.cameraDelay}
            onDelay={(cameraDelay) => void savePreferences({ cameraDelay })}
            countdown={preferences.countdown}
            lesson={playback}
            onAttempt={(a) => {
              keepAttempt(a);
              playback?.pause();
              setComparing(true);
            }}
            onClose={() => setCameraOpen(false)}
          />
        )}
      </div>
      <p id={`practice-keys-${index}`} className="visually-hidden">
        {t('keysHelp')}
      </p>
      {offer !== null && (
        <ResumeOffer
          at={offer}
          onResume={() => {
            playback?.seek(offer);
            resume.dismiss();
          }}
          onDismiss={resume.dismiss}
        />
      )}
      <PlayerToolbar
        ready={playback !== null}
        playing={playing}
        speed={speed}
        rates={playback?.rates() ?? []}
        onSpeed={(s) => void changeSpeed(s)}
        mirror={preferences.mirror}
        onMirror={() => run('mirror')}
        frameStepReason={frameStepReason}
        onFrame={(dir) => stepFrame(dir)}
        onPlayPause={playPause}
        loop={loop}
        canLoop={canLoop(loop)}
        onLoop={(c) => run(c)}
        onLoopPause={(seconds) => dispatchLoop({ type: 'pause', seconds })}
        onClearLoop={() => dispatchLoop({ type: 'clear' })}
        countdown={preferences.countdown}
        onCountdown={(countdown) => void savePreferences({ countdown })}
        camera={cameraOpen}
        onCamera={() => setCameraOpen((o) => !o)}
        fullscreen={fullscreen}
        onFullscreen={toggleFullscreen}
        time={now.time}
        duration={now.duration}
        onSeek={(to) => {
          playback?.seek(to);
          setNow((p) => ({ ...p, time: to }));
        }}
        frame={!playing && fps !== null ? frameAt(now.time, fps) : null}
      />
      {attempt && (
        <AttemptArea
          attempt={attempt}
          comparing={comparing}
          onCompare={setComparing}
          onDelete={() => {
            removeAttempt();
            setComparing(false);
          }}
          lessonUrl={provider === 'local' ? video.url : null}
          classId={classId}
        />
      )}
      {message && (
        <p
          className="alert alert--info practice__message"
          role="status"
          data-testid="practice-message"
        >
          {message}
        </p>
      )}
    </section>
  );
}
