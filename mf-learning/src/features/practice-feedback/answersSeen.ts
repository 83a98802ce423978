import type { PracticeClip } from '@circo/shared-contracts';

const KEY = 'practice.answersSeen';

/** The clips whose answer the student opened on this device. */
export function seenAnswers(): Set<string> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Notes that she opened the answer to `clipId` (the last 200 kept). */
export function markAnswerSeen(clipId: string): void {
  const seen = seenAnswers();
  if (seen.has(clipId)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...seen, clipId].slice(-200)));
  } catch {
    // private mode: the notice shows again next visit
  }
}

/** Answered clips she has not opened yet, newest answer first. */
export function newAnswers(clips: readonly PracticeClip[], seen: ReadonlySet<string>) {
  return clips
    .filter((c) => c.status === 'answered' && !seen.has(c._id))
    .sort((a, b) => (b.answeredAt ?? '').localeCompare(a.answeredAt ?? ''));
}

/** Where an answer is read: the class of her course or formation, the clip open. */
export const answerPath = (c: PracticeClip): string =>
  `/mis-cursos/${c.itemType === 'course' ? 'curso' : 'formacion'}/${c.itemId}?class=${c.classId}&clip=${c._id}`;
