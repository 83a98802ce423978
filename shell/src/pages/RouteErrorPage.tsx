import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The generic fallback for unhandled routing errors (spec: "Unexpected Application Error!"). */
export function RouteErrorPage() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  console.error(error);
  return (
    <section className="panel panel--center" role="alert" data-testid="route-error">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <a href="/" className="btn btn--primary">
        {t('routeError.back')}
      </a>
    </section>
  );
}
