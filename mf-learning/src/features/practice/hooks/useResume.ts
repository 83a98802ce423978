import { useEffect, useMemo, useState } from 'react';
import { browserClock } from '../model/clock';
import { PositionSaver, resumeOffer } from '../model/resume';
import type { Playback } from './playback';
import { savePosition, usePosition } from './usePracticeData';

/** Where the student is in the class video, saved every 10 s while playing, at once on pause and when leaving. */
export function usePositionSaver(playback: Playback | null, classId: string, index: number) {
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
  return saver;
}

/**
 * "Continue where you left off" (on any device): the saved moment of this video, offered until the
 * student plays or dismisses it; a start given by the page (after a renewed link) wins.
 */
export function useResumeOffer(p: {
  playback: Playback | null;
  classId: string;
  index: number;
  startAt?: number;
  duration: number;
}) {
  const position = usePosition(p.classId);
  const [dismissed, setDismissed] = useState(false);
  const { playback, startAt } = p;
  useEffect(() => {
    if (startAt && playback) playback.seek(startAt);
  }, [startAt, playback]);
  const offer =
    !dismissed && position.data && position.data.video === p.index && !startAt
      ? resumeOffer(position.data.seconds, p.duration)
      : null;
  return { offer, dismiss: () => setDismissed(true) };
}
