import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function RegisterSuccessPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="success-card" data-testid="register-success">
      <div className="success-card__icon" aria-hidden="true">
        ✓
      </div>
      <h1>{t('registerSuccess.title')}</h1>
      <p className="success-card__welcome">{t('registerSuccess.welcome')}</p>
      <p>{t('registerSuccess.subtitle')}</p>
      <Link to="/login" className="btn btn--primary">
        {t('registerSuccess.login')}
      </Link>
    </section>
  );
}
