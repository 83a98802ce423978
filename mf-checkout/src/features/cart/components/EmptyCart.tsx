import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** "Your cart is empty", with the ways back to the catalogue. */
export function EmptyCart() {
  const { t } = useTranslation('checkout');
  return (
    <section className="panel panel--center co-state" data-testid="cart-empty">
      <h1>{t('empty.title')}</h1>
      <p>{t('empty.text')}</p>
      <div className="co-state__actions">
        <Link to="/cursos" className="btn btn--primary">
          {t('empty.courses')}
        </Link>
        <Link to="/formaciones" className="btn btn--ghost">
          {t('empty.formations')}
        </Link>
      </div>
    </section>
  );
}
