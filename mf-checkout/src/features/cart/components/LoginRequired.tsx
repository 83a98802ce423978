import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Spec: the cart and a purchase need an account ("Please log in"). Login brings the buyer back. */
export function LoginRequired() {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const from = location.pathname + location.search;
  return (
    <section className="panel panel--center co-state" data-testid="login-required">
      <h1>{t('login.title')}</h1>
      <p>{t('login.text')}</p>
      <div className="co-state__actions">
        {/* the way back is in the address too: a tap before the page's code runs loads /login */}
        <Link
          to={{ pathname: '/login', search: `?next=${encodeURIComponent(from)}` }}
          state={{ from }}
          className="btn btn--primary"
        >
          {t('login.action')}
        </Link>
        <Link to="/register" className="btn btn--ghost">
          {t('login.register')}
        </Link>
      </div>
    </section>
  );
}
