import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { PracticeComment } from '@circo/shared-contracts';

/** How long the clip stays on a note before it goes on by itself (a voice note: until it ends). */
export const NOTE_HOLD_MS = 4000;

/**
 * The first comment whose moment the playhead passed between two readings of the clock
 * (`from` excluded, `to` included). How far apart the readings are says nothing (a busy phone
 * reads the clock late); a jump is known by its `seeking` event and never comes here.
 */
export function noteCrossed(
  comments: readonly PracticeComment[],
  from: number,
  to: number,
): PracticeComment | null {
  if (!(to > from)) return null;
  let hit: PracticeComment | null = null;
  for (const c of comments) {
    if (c.atSeconds > from && c.atSeconds <= to && (!hit || c.atSeconds < hit.atSeconds)) hit = c;
  }
  return hit;
}

export interface PlayThroughSettings {
  /** stop at each note (off: the clip plays through and the marks stay) */
  pause: boolean;
  /** play a note's voice while the clip stands on it */
  voice: boolean;
}

/**
 * The clip played through the teacher's notes, as Coach's Eye does: reaching a note's moment it
 * stops there, selects the note (its drawing and text show over the frame), plays its voice note
 * when asked, and goes on after a while (or when the voice note ends, or on play).
 */
export function usePlayThrough({
  videoRef,
  comments,
  settings,
  onReach,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  comments: readonly PracticeComment[];
  settings: PlayThroughSettings | null;
  onReach: (id: string) => void;
}) {
  const last = useRef(0);
  /** between `seeking` and `seeked`: the clock's readings are a jump, not a pass */
  const jumping = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [stoppedAt, setStoppedAt] = useState<string | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    audio.current?.pause();
    audio.current = null;
    setStoppedAt(null);
  }, []);
  useEffect(() => release, [release]);

  const goOn = useCallback(() => {
    release();
    void videoRef.current?.play().catch(() => undefined);
  }, [release, videoRef]);

  /** the video's clock moved (timeupdate); the time to show */
  const onTime = (el: HTMLVideoElement): number => {
    const now = el.currentTime;
    const from = last.current;
    last.current = now;
    if (!settings?.pause || el.paused || jumping.current || el.seeking) return now;
    const note = noteCrossed(comments, from, now);
    if (!note) return now;
    el.pause();
    el.currentTime = note.atSeconds;
    last.current = note.atSeconds;
    onReach(note._id);
    setStoppedAt(note._id);
    const hold = () => {
      timer.current = setTimeout(goOn, NOTE_HOLD_MS);
    };
    if (settings.voice && note.voice?.url && typeof Audio !== 'undefined') {
      const voice = new Audio(note.voice.url);
      audio.current = voice;
      voice.onended = () => {
        if (audio.current === voice) timer.current = setTimeout(goOn, 800);
      };
      voice.play().catch(hold);
    } else hold();
    return note.atSeconds;
  };
  /** a jump begins: no reading until it ends is a pass */
  const onSeeking = () => {
    jumping.current = true;
  };
  /** a jump ended: the next pass is counted from here */
  const onSeeked = (el: HTMLVideoElement): number => {
    jumping.current = false;
    last.current = el.currentTime;
    return el.currentTime;
  };
  return { stoppedAt, onTime, onSeeking, onSeeked, goOn, release };
}
