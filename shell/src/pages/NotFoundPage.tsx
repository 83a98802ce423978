import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--center" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="btn btn--primary">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
