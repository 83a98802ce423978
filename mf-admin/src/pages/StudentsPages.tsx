import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { businessQueries } from '../features/business/queries';
import { StudentDetailView } from '../features/students/components/StudentDetailView';
import { StudentsList } from '../features/students/components/StudentsList';
import { AdminPage } from './AdminPage';
import { SubscribersTable } from '../features/plans/components/SubscribersTable';

/** /admin/alumnos */
export function StudentsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminStudents.title')}>
      <StudentsList />
    </AdminPage>
  );
}

/** /admin/alumnos/{id} */
export function StudentPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  // the title is the student's name once known (the view shares the query)
  const student = useQuery(businessQueries.student(id)).data?.student;
  const name = student
    ? `${student.name} ${student.surname}`.trim()
    : t('pages.adminStudent.title');
  return (
    <AdminPage title={name}>
      <StudentDetailView studentId={id} />
      <SubscribersTable userId={id} />
    </AdminPage>
  );
}
