import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SalesDashboard } from '../features/business/components/SalesDashboard';
import { MembershipFigures } from '../features/plans/components/MembershipFigures';
import { WaitingWork } from '../features/waiting/components/WaitingWork';
import { AdminPage } from './AdminPage';

// the daily work first (answers, students), then the catalogue's managers
const CARDS = [
  { to: '/admin/practica', key: 'practice' },
  { to: '/admin/alumnos', key: 'students' },
  { to: '/admin/certificados', key: 'certificates' },
  { to: '/admin/facturacion', key: 'billing' },
  { to: '/admin/cursos', key: 'courses' },
  { to: '/admin/formaciones-online', key: 'formations' },
  { to: '/admin/formaciones-presenciales', key: 'presential' },
  { to: '/admin/bonos', key: 'vouchers' },
  { to: '/admin/planes', key: 'plans' },
] as const;

/**
 * /admin: what waits for the coach first, a card per area, the sales at a glance, and a link to
 * the site's diagnostics (the background jobs), which are for whoever runs the site.
 */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.admin.title')} back={false}>
      <WaitingWork />
      <nav aria-label={t('dashboard.areas')}>
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
      </nav>
      <SalesDashboard />
      <MembershipFigures />
      <p>
        <Link className="adm-link" to="/admin/diagnostico">
          {t('dashboard.diagnostics')}
        </Link>
      </p>
    </AdminPage>
  );
}
