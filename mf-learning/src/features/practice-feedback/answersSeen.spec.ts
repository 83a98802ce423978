import type { PracticeClip } from '@circo/shared-contracts';
import { answerPath, markAnswerSeen, newAnswers, seenAnswers } from './answersSeen';

const clip = (over: Partial<PracticeClip>): PracticeClip =>
  ({
    _id: 'c1',
    classId: 'k1',
    itemType: 'course',
    itemId: 'i1',
    status: 'answered',
    answeredAt: '2026-11-20T10:00:00.000Z',
    ...over,
  }) as PracticeClip;

describe("the teacher's new answers on My Courses", () => {
  beforeEach(() => localStorage.clear());

  it('lists answered clips not opened yet, the newest answer first', () => {
    const clips = [
      clip({ _id: 'old', answeredAt: '2026-11-01T10:00:00.000Z' }),
      clip({ _id: 'waiting', status: 'pending', answeredAt: null }),
      clip({ _id: 'new', answeredAt: '2026-11-25T10:00:00.000Z' }),
    ];
    expect(newAnswers(clips, seenAnswers()).map((c) => c._id)).toEqual(['new', 'old']);
    markAnswerSeen('new');
    expect(newAnswers(clips, seenAnswers()).map((c) => c._id)).toEqual(['old']);
  });

  it('survives storage holding something else', () => {
    localStorage.setItem('practice.answersSeen', '{"not":"a list"}');
    expect(seenAnswers().size).toBe(0);
    localStorage.setItem('practice.answersSeen', 'not json');
    expect(seenAnswers().size).toBe(0);
  });

  it('links to the class of her course or formation with the clip open', () => {
    expect(answerPath(clip({}))).toBe('/mis-cursos/curso/i1?class=k1&clip=c1');
    expect(answerPath(clip({ itemType: 'formation' }))).toBe(
      '/mis-cursos/formacion/i1?class=k1&clip=c1',
    );
  });
});
