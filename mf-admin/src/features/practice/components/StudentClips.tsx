import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  PRACTICE_CLIP_PATHS,
  clipMoment,
  type AdminPracticeClipsPage,
  type Lang,
  type PracticeClipStatus,
} from '@circo/shared-contracts';
import { getJson, useLanguageStore } from '@circo/shared-web';
import { practiceKeys } from '../queries';

const title = (t: Record<Lang, string>, lang: Lang) => t[lang] || t.es || t.en || t.fr;

function useStudentClips(studentId: string, status: PracticeClipStatus) {
  return useQuery({
    queryKey: [...practiceKeys.all, 'student', studentId, status],
    queryFn: getJson<AdminPracticeClipsPage>(PRACTICE_CLIP_PATHS.adminClips, { status, studentId }),
  });
}

/** A student's practice clips on their admin page (waiting first), each opening its answer view. */
export function StudentClips({ studentId }: { studentId: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguageStore((s) => s.lang);
  const pending = useStudentClips(studentId, 'pending');
  const answered = useStudentClips(studentId, 'answered');
  const clips = [...(pending.data?.clips ?? []), ...(answered.data?.clips ?? [])];
  if (clips.length === 0) return null;
  return (
    <section aria-labelledby="adm-student-clips" data-testid="student-clips">
      <h2 id="adm-student-clips">{t('pages.adminPractice.title')}</h2>
      <ul className="adm-practice__student-clips">
        {clips.map((c) => (
          <li key={c._id}>
            <Link to={`/admin/practica/${encodeURIComponent(c._id)}`}>
              {title(c.classTitle, lang) || t('practice.removed')}
            </Link>{' '}
            · {t(`practice.clipStatus.${c.status}`)} · {clipMoment(c.video.seconds)} ·{' '}
            {t('practice.comments', { count: c.comments.length })}
          </li>
        ))}
      </ul>
    </section>
  );
}
