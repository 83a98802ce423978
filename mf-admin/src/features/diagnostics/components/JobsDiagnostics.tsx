import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JobsDiagnostics as JobsDiagnosticsData } from '@circo/shared-contracts';
import { Alert, Spinner, getJson, toResource } from '@circo/shared-web';
import { DataTable } from '../../common/components/DataTable';

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
            <DataTable
              caption={t('diagnostics.jobs.deadCaption')}
              rows={res.data.dead}
              rowKey={(job) => job._id}
              columns={[
                { header: t('diagnostics.jobs.kind'), cell: (job) => job.kind },
                { header: t('diagnostics.jobs.key'), cell: (job) => job.key },
                { header: t('diagnostics.jobs.attempts'), cell: (job) => job.attempts },
                { header: t('diagnostics.jobs.failedAt'), cell: (job) => when(job.failedAt) },
                {
                  header: t('diagnostics.jobs.error'),
                  cell: (job) => job.lastError?.split('\n')[0] ?? '—',
                },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
