import { useTranslation } from 'react-i18next';
import { JobsDiagnostics } from '../features/diagnostics/components/JobsDiagnostics';
import { AdminPage } from './AdminPage';

/** /admin/diagnostico: the background jobs' state, for whoever runs the site. */
export function DiagnosticsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminDiagnostics.title')}>
      <JobsDiagnostics />
    </AdminPage>
  );
}
