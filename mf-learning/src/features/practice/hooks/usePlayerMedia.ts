import { useEffect, useMemo, useReducer, useState, type RefObject } from 'react';
import { toEmbedUrl, type PrivateVideoResponse } from '@circo/shared-contracts';
import { loopTick, type LoopState } from '../model/abLoop';
import { browserClock } from '../model/clock';
import { measuredFrameRate } from '../model/frames';
import type { PositionSaver } from '../model/resume';
import {
  htmlPlayback,
  vimeoPlayback,
  withYoutubeApi,
  youtubePlayback,
  type Playback,
} from './playback';

/** How long Vimeo's player may take to be ready before it counts as not loading. */
export const PROVIDER_READY_MS = 15_000;

/**
 * The driver of the class video (see playback.ts), once its element is in the page;
 * `onProviderFailed` when Vimeo's player fails or is not ready in PROVIDER_READY_MS.
 */
export function useMediaDriver(
  { video, onProviderFailed }: { video: PrivateVideoResponse; onProviderFailed?: () => void },
  videoRef: RefObject<HTMLVideoElement | null>,
  frameRef: RefObject<HTMLIFrameElement | null>,
) {
  const provider = video.provider;
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const embed = useMemo(() => {
    if (provider === 'local') return null;
    if (provider === 'vimeo') return video.url;
    return toEmbedUrl(video.url);
  }, [provider, video.url]);
  const isYoutube = provider === 'external' && !!embed && embed.includes('youtube');
  const [youtubeSrc, setYoutubeSrc] = useState<string | null>(null);
  useEffect(() => {
    // the page's origin is only known in the browser (the first render matches the server's)
    if (isYoutube && embed) setYoutubeSrc(withYoutubeApi(embed, window.location.origin));
  }, [isYoutube, embed]);

  useEffect(() => {
    let gone = false;
    let made: Playback | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (provider === 'local' && videoRef.current) {
      made = htmlPlayback(videoRef.current);
      setPlayback(made);
    } else if (provider === 'vimeo' && frameRef.current) {
      if (onProviderFailed) timer = setTimeout(onProviderFailed, PROVIDER_READY_MS);
      vimeoPlayback(frameRef.current).then(
        (p) => {
          clearTimeout(timer);
          if (gone) return p.destroy();
          made = p;
          setPlayback(p);
        },
        (err: unknown) => {
          clearTimeout(timer);
          console.warn('vimeo player', err);
          if (!gone) onProviderFailed?.();
        },
      );
    } else if (isYoutube && youtubeSrc && frameRef.current) {
      made = youtubePlayback(frameRef.current, rerender);
      setPlayback(made);
    }
    return () => {
      gone = true;
      clearTimeout(timer);
      made?.destroy();
      setPlayback(null);
    };
  }, [provider, isYoutube, youtubeSrc, video.url, videoRef, frameRef, onProviderFailed]);

  return { playback, embed, isYoutube, youtubeSrc };
}

/**
 * Each animation frame: the A-B loop's boundaries (pausing at A, playing again), the position
 * saved while playing, and the time shown: at most 4 times a second while playing, at once when
 * the video pauses, plays or is moved while paused (the frame number a student steps from).
 */
export function usePlayerTick(
  playback: Playback | null,
  saver: PositionSaver,
  loopRef: { current: LoopState },
  onLoop: (state: LoopState) => void,
) {
  const [now, setNow] = useState({ time: 0, duration: NaN });
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playback) return;
    let raf = 0;
    let lastShown = 0;
    let shown = { time: NaN, playing: false };
    const tick = () => {
      const clockNow = browserClock.now();
      const time = playback.time();
      const isPlaying = !playback.paused();
      const r = loopTick(loopRef.current, time, clockNow, isPlaying);
      if (r.state !== loopRef.current) {
        loopRef.current = r.state;
        onLoop(r.state);
      }
      if (r.action.kind === 'seek') {
        if (r.action.pause) playback.pause();
        playback.seek(r.action.to);
      } else if (r.action.kind === 'play') playback.play();
      if (isPlaying) saver.update(time, clockNow);
      const changed = isPlaying !== shown.playing || (!isPlaying && time !== shown.time);
      if (changed || clockNow - lastShown > 250) {
        lastShown = clockNow;
        shown = { time, playing: isPlaying };
        const duration = playback.duration();
        setNow((p) => (p.time === time && p.duration === duration ? p : { time, duration }));
        setPlaying((p) => (p === isPlaying ? p : isPlaying));
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
    // onLoop is a dispatch: stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playback, saver, loopRef]);
  return { now, setNow, playing };
}

/** A local video's frame rate from `requestVideoFrameCallback` media times, while playing at 1x. */
export function useMeasuredFrameRate(
  videoRef: RefObject<HTMLVideoElement | null>,
  enabled: boolean,
): number | null {
  const [fps, setFps] = useState<number | null>(null);
  useEffect(() => {
    const el = videoRef.current;
    if (!enabled || !el || fps !== null || !('requestVideoFrameCallback' in el)) return;
    const times: number[] = [];
    let handle = 0;
    const onFrame = (_n: number, meta: { mediaTime: number }) => {
      if (el.playbackRate === 1) times.push(meta.mediaTime);
      const found = measuredFrameRate(times.slice(-40));
      if (found) setFps(found);
      else handle = el.requestVideoFrameCallback(onFrame);
    };
    handle = el.requestVideoFrameCallback(onFrame);
    return () => el.cancelVideoFrameCallback(handle);
  }, [videoRef, enabled, fps]);
  return fps;
}
