import { useTranslation } from 'react-i18next';
import { CoursesManager } from '../features/courses/components/CoursesManager';
import { FormationsManager } from '../features/formations/components/FormationsManager';
import { PresentialManager } from '../features/presential/components/PresentialManager';
import { VouchersManager } from '../features/vouchers/components/VouchersManager';
import { AdminPage } from './AdminPage';

export function CoursesPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminCourses.title')}>
      <CoursesManager />
    </AdminPage>
  );
}

export function FormationsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminFormations.title')}>
      <FormationsManager />
    </AdminPage>
  );
}

export function PresentialPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminPresential.title')}>
      <PresentialManager />
    </AdminPage>
  );
}

export function VouchersPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminVouchers.title')}>
      <VouchersManager />
    </AdminPage>
  );
}
