import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function MaintenancePage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--center" data-testid="maintenance">
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
      <p>{t('maintenance.thanks')}</p>
      <Link to="/" className="btn btn--primary">
        {t('maintenance.back')}
      </Link>
    </section>
  );
}
