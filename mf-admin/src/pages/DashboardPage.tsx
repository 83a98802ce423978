import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SalesDashboard } from '../features/business/components/SalesDashboard';
import { JobsDiagnostics } from '../features/diagnostics/components/JobsDiagnostics';
import { AdminPage } from './AdminPage';

const CARDS = [
  { to: '/admin/formaciones-online', key: 'formations' },
  { to: '/admin/formaciones-presenciales', key: 'presential' },
  { to: '/admin/cursos', key: 'courses' },
  { to: '/admin/bonos', key: 'vouchers' },
  { to: '/admin/practica', key: 'practice' },
] as const;

/** /admin: the sales at a glance, a card per manager and the practice clips, and the background jobs' state. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.admin.title')} back={false}>
      <SalesDashboard />
      <ul className="adm-cards">
        {CARDS.map((c) => (
          <li key={c.key}>
            <Link className="adm-card" to={c.to}>
              <span className="adm-card__title">{t(`dashboard.${c.key}.title`)}</span>
              <span className="adm-card__text">{t(`dashboard.${c.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <JobsDiagnostics />
    </AdminPage>
  );
}
