import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '@circo/shared-web';
import en from '../../../locales/practice/en.json';
import es from '../../../locales/practice/es.json';
import fr from '../../../locales/practice/fr.json';
import { type PracticePreferences, type PrivateVideoResponse } from '@circo/shared-contracts';
import {
  canLoop,
  clearLoop,
  initialLoop,
  setA,
  setB,
  setLoopPause,
  toggleLoop,
  type LoopState,
} from '../model/abLoop';
import { browserClock } from '../model/clock';
import { frameAt, frameStep, isFrameRate } from '../model/frames';
import { commandOf, keyOwnedByControl, SEEK_STEP, type Command } from '../model/keys';
import { PositionSaver, resumeOffer } from '../model/resume';
import { stepSpeed } from '../model/speed';
import { useMediaDriver, useMeasuredFrameRate, usePlayerTick } from '../hooks/usePlayerMedia';
import { useCountdown } from '../hooks/useCountdown';
import { useFullscreen } from '../hooks/useFullscreen';
import {
  savePosition,
  usePosition,
  usePreferences,
  useSavePreferences,
} from '../hooks/usePracticeData';
import { useAttempt } from '../hooks/useAttempt';
import { CameraPanel } from './CameraPanel';
import { AttemptArea, ResumeOffer } from './PlayerBanners';
import { PlayerToolbar } from './PlayerToolbar';

// the player's texts come with its code (the class page carries only the practice log's)
addTranslations('practice', { es, en, fr });

type LoopAction =
  | { type: 'setA' | 'setB'; at: number }
  | { type: 'toggle' | 'clear' }
  | { type: 'pause'; seconds: number }
  | { type: 'replace'; state: LoopState };

function loopReducer(s: LoopState, a: LoopAction): LoopState {
  switch (a.type) {
    case 'setA':
      return setA(s, a.at);
    case 'setB':
      return setB(s, a.at);
    case 'toggle':
      return toggleLoop(s);
    case 'clear':
      return clearLoop(s);
    case 'pause':
      return setLoopPause(s, a.seconds);
    case 'replace':
      return a.state;
  }
}

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
}

/**
 * The practice player: a class video with practice speeds, frame stepping, a mirror,
 * an A-B loop with a pause and a repeat counter, a countdown with beeps, keyboard shortcuts,
 * resume on any device, and the student's camera beside it. Loaded only when a video is opened.
 */
export default function PracticePlayer(props: PracticePlayerProps) {
  const { video, classId, index, title, height, onExpired, startAt } = props;
  const { t } = useTranslation('practice');
  const { t: tl } = useTranslation('learning');
  const { preferences } = usePreferences();
  const savePreferences = useSavePreferences();
  const position = usePosition(classId);
  const countdown = useCountdown();
  const [loop, dispatchLoop] = useReducer(loopReducer, initialLoop);
  const loopRef = useRef(loop);
  loopRef.current = loop;
  const [message, setMessage] = useState<string | null>(null);
  const [resumeDismissed, setResumeDismissed] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const { attempt, keep: keepAttempt, remove: removeAttempt } = useAttempt(classId, index);
  const [comparing, setComparing] = useState(false);
  const deleteAttempt = () => {
    removeAttempt();
    setComparing(false);
  };
  const rootRef = useRef<HTMLElement>(null);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(rootRef);
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  const provider = video.provider;
  const { playback, embed, isYoutube, youtubeSrc } = useMediaDriver(video, videoRef, frameRef);
  // a local file's frame rate when the container did not give one: measured while playing at 1x
  const measuredFps = useMeasuredFrameRate(
    videoRef,
    provider === 'local' && !isFrameRate(video.frameRate),
  );

  const fps = isFrameRate(video.frameRate) ? video.frameRate : measuredFps;

  // the remembered speed, applied once the driver is there
  const speed = preferences.speed;
  const refused = provider === 'vimeo' ? t('speedDisabledVimeo') : t('speedRefused');
  // YouTube lists its speeds once its player answers: applied then
  const rateCount = playback?.rates().length ?? 0;
  useEffect(() => {
    if (!playback || rateCount === 0) return;
    void playback.setRate(speed).then((ok) => {
      if (!ok && speed !== 1) setMessage(refused);
    });
  }, [playback, speed, rateCount, refused]);

  // the speed asked for last, ahead of the render that shows it (quick `<` `<` go two steps)
  const speedRef = useRef<number>(speed);
  useEffect(() => {
    speedRef.current = speed;
  }, [speed]);
  const changeSpeed = useCallback(
    async (next: number) => {
      if (!playback) return;
      const before = speedRef.current;
      speedRef.current = next;
      const ok = await playback.setRate(next);
      if (!ok) {
        speedRef.current = before;
        setMessage(refused);
        return;
      }
      setMessage(null);
      void savePreferences({ speed: next as PracticePreferences['speed'] });
    },
    [playback, refused, savePreferences],
  );

  // position saving: every 10 s while playing, at once on pause and when leaving
  const saver = useMemo(
    () => new PositionSaver((s) => savePosition(classId, s, index)),
    [classId, index],
  );
  useEffect(
    () => () => {
      if (playback && playback.time() > 0) saver.update(playback.time(), browserClock.now(), true);
    },
    [playback, saver],
  );

  const { now, setNow, playing } = usePlayerTick(playback, saver, loopRef, (state) =>
    dispatchLoop({ type: 'replace', state }),
  );

  useEffect(() => {
    if (startAt && playback) playback.seek(startAt);
  }, [startAt, playback]);

  const offer =
    !resumeDismissed && position.data && position.data.video === index && !startAt
      ? resumeOffer(position.data.seconds, now.duration)
      : null;

  const playPause = () => {
    if (!playback) return;
    if (countdown.left !== null) return countdown.cancel();
    if (!playback.paused()) {
      playback.pause();
      saver.update(playback.time(), browserClock.now(), true);
      return;
    }
    setResumeDismissed(true);
    countdown.start(preferences.countdown, () => playback.play());
  };

  const stepFrame = (dir: 1 | -1) => {
    if (!playback || fps === null || playback.frameStepReason()) return;
    playback.pause();
    const to = frameStep(playback.time(), fps, dir, playback.duration());
    playback.seek(to);
    setNow((p) => ({ ...p, time: to }));
  };

  const run = (c: Command) => {
    if (!playback) return;
    const time = playback.time();
    switch (c) {
      case 'playPause':
        return playPause();
      case 'back5':
        return playback.seek(Math.max(0, time - SEEK_STEP));
      case 'forward5':
        return playback.seek(Math.min(playback.duration() || Infinity, time + SEEK_STEP));
      case 'frameBack':
        return stepFrame(-1);
      case 'frameForward':
        return stepFrame(1);
      case 'setA':
        return dispatchLoop({ type: 'setA', at: time });
      case 'setB':
        return dispatchLoop({ type: 'setB', at: time });
      case 'loop':
        return dispatchLoop({ type: 'toggle' });
      case 'mirror':
        return void savePreferences((p) => ({ mirror: !p.mirror }));
      case 'slower':
        return void changeSpeed(stepSpeed(speedRef.current, -1, playback.rates()));
      case 'faster':
        return void changeSpeed(stepSpeed(speedRef.current, 1, playback.rates()));
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (keyOwnedByControl((e.target as HTMLElement).tagName, e.key)) return;
    if (e.key === 'Escape' && countdown.left !== null) return countdown.cancel();
    const c = commandOf(e);
    if (!c) return;
    e.preventDefault();
    run(c);
  };

  // at most `height` high and as wide as a 16:9 frame of that height (full screen: the screen)
  const mediaStyle: CSSProperties = fullscreen
    ? {}
    : { maxHeight: height, maxWidth: (height * 16) / 9 };
  const mirrored = preferences.mirror ? ' practice__media--mirrored' : '';
  const frameStepReason =
    playback?.frameStepReason() ??
    (fps !== null
      ? null
      : provider === 'local'
        ? ('measuring' as const)
        : ('unknownRate' as const));

  return (
    <section
      ref={rootRef}
      className={`practice${fullscreen ? ' practice--fullscreen' : ''}`}
      aria-label={t('region', { title })}
      data-testid="practice-player"
      onKeyDown={onKeyDown}
    >
      <div className={`practice__stage${cameraOpen ? ' practice__stage--camera' : ''}`}>
        <div
          className="practice__screen"
          tabIndex={0}
          role="group"
          aria-label={t('screen', { title })}
          aria-describedby={`practice-keys-${index}`}
          data-testid="practice-screen"
        >
          {provider === 'local' ? (
            <video
              ref={videoRef}
              className={`learn-video practice__media${mirrored}`}
              src={video.url}
              // mirrored, the browser's own controls would be mirrored too: the toolbar's seek
              // bar and buttons do their work then
              controls={!preferences.mirror}
              playsInline
              preload="auto"
              controlsList="nodownload"
              style={mediaStyle}
              data-testid="video-player"
              data-mirrored={preferences.mirror}
              onError={() => onExpired?.(videoRef.current?.currentTime ?? 0)}
            />
          ) : embed ? (
            <iframe
              ref={frameRef}
              className={`learn-video practice__media${mirrored}`}
              src={isYoutube ? (youtubeSrc ?? embed) : embed}
              title={title}
              style={mediaStyle}
              data-mirrored={preferences.mirror}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <p className="learn-error" role="alert">
              {tl('viewer.videoError')}
            </p>
          )}
          {countdown.left !== null && (
            <div className="practice__countdown" role="timer" aria-live="assertive">
              <span data-testid="countdown-left">{countdown.left}</span>
              <button type="button" className="btn btn--ghost" onClick={countdown.cancel}>
                {t('cancel')}
              </button>
            </div>
          )}
        </div>
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
            setResumeDismissed(true);
          }}
          onDismiss={() => setResumeDismissed(true)}
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
          onDelete={deleteAttempt}
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
