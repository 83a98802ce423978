import { useEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clipMoment,
  frameStep,
  isFrameRate,
  type PracticeClip,
  type PracticeComment,
} from '@circo/shared-contracts';
import { ClipBar } from './ClipBar';
import { ClipMarks } from './ClipMarks';
import { DrawingLayer, type FrameSize } from './DrawingLayer';
import { NoteStop } from './NoteStop';
import { usePlayThrough, type PlayThroughSettings } from './usePlayThrough';

/** How far from a comment's moment its drawing still shows (the frame it was drawn on, give or take). */
const NEAR_SECONDS = 0.35;
/** When the container gave no rate, steps are of a usual phone rate. */
const FALLBACK_FPS = 30;

/** Whether this browser cannot decode the clip's codec (an iPhone's HEVC on Chromium). */
function unsupportedCodec(codec: string | null, contentType: string): boolean {
  if (!codec || !/^(hvc1|hev1)/i.test(codec) || typeof document === 'undefined') return false;
  const probe = document.createElement('video');
  return probe.canPlayType(`${contentType}; codecs="${codec}"`) === '';
}

export interface ClipPlayerProps {
  src: string;
  contentType: string;
  codec: string | null;
  title: string;
  frameRate: number | null;
  /** the frame's size from the container (null: read from the video when it loads) */
  width: number | null;
  height: number | null;
  comments: PracticeComment[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** the teacher's drawing being made: shown instead of the selected comment's */
  editor?: Omit<Parameters<typeof DrawingLayer>[0], 'size' | 'mirror' | 'label'>;
  /** more controls in the toolbar (the teacher's "comment here") */
  children?: ReactNode;
  /** when the file's link stops working: past it, a failed load asks for a fresh link */
  expiresAt?: string | null;
  onExpired?: () => void;
  /** the student's view: the clip stops at each note (see usePlayThrough); absent, it never stops */
  playThrough?: PlayThroughSettings;
}

/** What a clip gives the player: its file, its container's facts and the teacher's comments. */
export function clipMedia(
  clip: PracticeClip,
): Pick<
  ClipPlayerProps,
  'src' | 'contentType' | 'codec' | 'frameRate' | 'width' | 'height' | 'comments' | 'expiresAt'
> {
  return {
    src: clip.video.url,
    contentType: clip.video.contentType,
    codec: clip.codec,
    frameRate: clip.frameRate,
    width: clip.width,
    height: clip.height,
    comments: clip.comments,
    expiresAt: clip.video.expiresAt,
  };
}

/**
 * A student's practice clip in a practice player: speeds, frame by frame, mirror, loop,
 * the teacher's comments as marks on its timeline (a mark jumps to its moment and shows its
 * drawing over the frame), and a plain message when the browser cannot play the clip's format.
 */
export function ClipPlayer(p: ClipPlayerProps) {
  const { t } = useTranslation('common');
  const video = p.videoRef;
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [mirror, setMirror] = useState(false);
  const [loop, setLoop] = useState(false);
  const [failed, setFailed] = useState(false);
  const [size, setSize] = useState<FrameSize>({
    width: p.width ?? 16,
    height: p.height ?? 9,
  });
  const through = usePlayThrough({
    videoRef: video,
    comments: p.comments,
    settings: p.playThrough ?? null,
    onReach: p.onSelect,
  });
  const fps = isFrameRate(p.frameRate) ? p.frameRate : FALLBACK_FPS;
  const unplayable = failed || unsupportedCodec(p.codec, p.contentType);

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed, video]);

  const selected = p.comments.find((c) => c._id === p.selectedId) ?? null;
  const showSelected = selected && Math.abs(time - selected.atSeconds) <= NEAR_SECONDS;
  const shapes = showSelected ? selected.drawing : [];

  const seek = (to: number) => {
    const el = video.current;
    if (!el) return;
    el.currentTime = Math.max(0, Math.min(to, el.duration || to));
    setTime(el.currentTime);
  };
  const step = (dir: 1 | -1) => {
    const el = video.current;
    if (!el) return;
    el.pause();
    seek(frameStep(el.currentTime, fps, dir, el.duration));
  };
  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  };
  const jump = (c: PracticeComment) => {
    through.release();
    video.current?.pause();
    p.onSelect(c._id);
    seek(c.atSeconds);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'BUTTON') return;
    if (e.key === ' ' || e.key === 'k') toggle();
    else if (e.key === ',') step(-1);
    else if (e.key === '.') step(1);
    else return;
    e.preventDefault();
  };

  if (unplayable) {
    return (
      <p className="alert alert--info" role="status" data-testid="clip-unplayable">
        {t('clip.unplayable')}
      </p>
    );
  }

  const label = selected
    ? t('clip.drawingOf', { time: clipMoment(selected.atSeconds), text: selected.text })
    : t('clip.drawingNone');

  return (
    <div className="clip" data-testid="clip-player" onKeyDown={onKeyDown}>
      <div
        className="clip__frame"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        tabIndex={0}
        role="group"
        aria-label={t('clip.screen', { title: p.title })}
      >
        <video
          ref={video}
          className={`clip__video${mirror ? ' clip__video--mirrored' : ''}`}
          src={p.src}
          playsInline
          preload="auto"
          loop={loop}
          data-testid="clip-video"
          onLoadedMetadata={(e) => {
            const el = e.currentTarget;
            if (Number.isFinite(el.duration)) setDuration(el.duration);
            if (el.videoWidth && el.videoHeight) {
              setSize({ width: el.videoWidth, height: el.videoHeight });
            }
          }}
          onDurationChange={(e) => {
            if (Number.isFinite(e.currentTarget.duration)) setDuration(e.currentTarget.duration);
          }}
          onTimeUpdate={(e) => setTime(through.onTime(e.currentTarget))}
          onSeeking={through.onSeeking}
          onSeeked={(e) => setTime(through.onSeeked(e.currentTarget))}
          onPlay={() => {
            through.release();
            setPlaying(true);
          }}
          onPause={() => setPlaying(false)}
          onError={() => {
            // a link that expired during a long pause is renewed, not taken for a bad format
            const expired = p.expiresAt && Date.parse(p.expiresAt) <= Date.now() + 5_000;
            if (expired && p.onExpired) p.onExpired();
            else setFailed(true);
          }}
        />
        {p.editor ? (
          <DrawingLayer {...p.editor} size={size} mirror={mirror} label={label} />
        ) : (
          <DrawingLayer shapes={shapes} size={size} mirror={mirror} label={label} />
        )}
        {through.stoppedAt && selected?._id === through.stoppedAt && (
          <NoteStop comment={selected} onGoOn={through.goOn} />
        )}
      </div>
      <ClipMarks
        comments={p.comments}
        selectedId={p.selectedId}
        time={time}
        duration={duration}
        onJump={jump}
      />
      <ClipBar
        playing={playing}
        onToggle={toggle}
        onStep={step}
        speed={speed}
        onSpeed={setSpeed}
        mirror={mirror}
        onMirror={() => setMirror((m) => !m)}
        loop={loop}
        onLoop={() => setLoop((l) => !l)}
        time={time}
        duration={duration}
        fps={fps}
        onSeek={seek}
      >
        {p.children}
      </ClipBar>
    </div>
  );
}
