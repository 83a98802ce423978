import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '@circo/shared-web';
import { useWaitingWork } from '../hooks/useWaitingWork';

/**
 * The top of /admin: what waits for the coach (students' clips to answer), counted, one tap
 * from the queue; a calm line when nothing waits.
 */
export function WaitingWork() {
  const { t } = useTranslation('admin');
  const q = useWaitingWork();
  return (
    <section className="adm-waiting" aria-labelledby="adm-waiting-title" data-testid="waiting-work">
      <h2 id="adm-waiting-title">{t('waiting.title')}</h2>
      {q.isPending ? (
        <Spinner />
      ) : (
        <Link
          className={`adm-waiting__card${q.data?.clips ? ' adm-waiting__card--due' : ''}`}
          to="/admin/practica"
        >
          <span className="adm-waiting__count" aria-hidden="true">
            {q.data?.clips ?? '?'}
          </span>
          <span className="adm-waiting__text">
            {q.isError ? t('waiting.unknown') : t('waiting.clips', { count: q.data.clips })}
          </span>
        </Link>
      )}
    </section>
  );
}
