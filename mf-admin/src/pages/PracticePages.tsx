import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ClipAnswerView } from '../features/practice/components/ClipAnswerView';
import { PracticeQueue } from '../features/practice/components/PracticeQueue';
import { AdminPage } from './AdminPage';

/** /admin/practica: the students' clips waiting for the teacher's answer. */
export function PracticePage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminPractice.title')}>
      <PracticeQueue />
    </AdminPage>
  );
}

/** /admin/practica/{id}: the answer view of one clip. */
export function PracticeClipPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  return (
    <AdminPage title={t('pages.adminPracticeClip.title')} back={false}>
      <ClipAnswerView clipId={id} />
    </AdminPage>
  );
}
