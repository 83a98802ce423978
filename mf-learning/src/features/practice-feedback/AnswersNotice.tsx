import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { PRACTICE_CLIP_PATHS, type PracticeClipsResponse } from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';
import { useLang, useUserId } from '../shared/hooks';
import { answerPath, newAnswers, seenAnswers } from './answersSeen';
import { clipKeys } from './useClips';

/** On My Courses: the teacher answered clips the student has not opened yet, each one link away. */
export function AnswersNotice() {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const userId = useUserId();
  const [seen, setSeen] = useState<Set<string> | null>(null);
  useEffect(() => setSeen(seenAnswers()), []);
  const clips = useQuery({
    queryKey: clipKeys.all(userId),
    queryFn: getJson<PracticeClipsResponse>(PRACTICE_CLIP_PATHS.clips),
    enabled: userId !== '',
    staleTime: 60_000,
  });
  if (!seen || !clips.data) return null;
  const fresh = newAnswers(clips.data.clips, seen);
  if (fresh.length === 0) return null;
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso)) : '';
  return (
    <section className="learn-answers" role="status" data-testid="answers-notice">
      <h2 className="learn-answers__title">
        {t('practice.clips.newAnswers', { count: fresh.length })}
      </h2>
      <ul className="learn-answers__list">
        {fresh.map((c) => (
          <li key={c._id}>
            <Link className="btn btn--primary" to={answerPath(c)} data-testid="answer-link">
              {t('practice.clips.seeAnswer', { date: date(c.createdAt) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
