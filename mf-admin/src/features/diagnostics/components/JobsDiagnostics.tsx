import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JobsDiagnostics as JobsDiagnosticsData } from '@circo/shared-contracts';
import { Alert, Spinner, getJson, toResource } from '@circo/shared-web';

const STATES = ['pending', 'running', 'done', 'dead'] as const;

/**
 * The durable jobs (receipts, refunds, e-mails, file removal) by state, and the ones that kept
 * failing and are no longer retried, with their last error: what the admin should look at.
 */
export function JobsDiagnostics() {
  const { t, i18n } = useTranslation('admin');
  const res = toResource(
    useQuery({
      queryKey: ['admin', 'diagnostics', 'jobs'],
      queryFn: getJson<JobsDiagnosticsData>('/admin/diagnostics/jobs'),
    }),
  );
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
      : '—';
  return (
    <section className="adm-diagnostics" aria-labelledby="adm-jobs-title">
      <h2 id="adm-jobs-title">{t('diagnostics.jobs.title')}</h2>
      {res.status === 'loading' && <Spinner />}
      {res.status === 'error' && <Alert tone="error">{t('errors.loadFailed')}</Alert>}
      {res.status === 'success' && (
        <>
          <dl className="adm-view">
            {STATES.map((s) => (
              <div key={s}>
                <dt>{t(`diagnostics.jobs.${s}`)}</dt>
                <dd>{res.data.counts[s]}</dd>
              </div>
            ))}
          </dl>
          {res.data.dead.length === 0 ? (
            <p>{t('diagnostics.jobs.noneDead')}</p>
          ) : (
            <table className="adm-table">
              <caption>{t('diagnostics.jobs.deadCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('diagnostics.jobs.kind')}</th>
                  <th scope="col">{t('diagnostics.jobs.key')}</th>
                  <th scope="col">{t('diagnostics.jobs.attempts')}</th>
                  <th scope="col">{t('diagnostics.jobs.failedAt')}</th>
                  <th scope="col">{t('diagnostics.jobs.error')}</th>
                </tr>
              </thead>
              <tbody>
                {res.data.dead.map((job) => (
                  <tr key={job._id}>
                    <td>{job.kind}</td>
                    <td>{job.key}</td>
                    <td>{job.attempts}</td>
                    <td>{when(job.failedAt)}</td>
                    <td>{job.lastError?.split('\n')[0] ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
