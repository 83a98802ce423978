import { useTranslation } from 'react-i18next';

/** Shown in place of a remote whose server is down or whose code threw. */
export function UnavailablePanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--unavailable" role="alert" data-testid="remote-unavailable">
      <h1>{t('remote.unavailableTitle')}</h1>
      <p>{t('remote.unavailableText')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </section>
  );
}
