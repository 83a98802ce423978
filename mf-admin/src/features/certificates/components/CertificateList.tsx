import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner, toResource } from '@circo/shared-web';
import { certificateQueries, type CertificateFilter } from '../queries';
import { CertificateRow } from './CertificateRow';

/** The certificates of a filter (an item, a student, the review queue), newest first. */
export function CertificateList({
  filter,
  title,
  empty,
}: {
  filter: CertificateFilter;
  title: string;
  empty: string;
}) {
  const { t } = useTranslation('admin');
  const res = toResource(useQuery(certificateQueries.list(filter)));
  const id = `certs-${filter.status ?? filter.userId ?? filter.itemId ?? 'all'}`;
  return (
    <section className="adm-section" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {res.status === 'loading' && <Spinner />}
      {res.status === 'error' && (
        <p role="alert">
          {t('certificates.loadError')}{' '}
          <button type="button" className="btn btn--ghost" onClick={res.retry}>
            {t('certificates.retry')}
          </button>
        </p>
      )}
      {res.status === 'success' &&
        (res.data.length === 0 ? (
          <p className="adm-muted">{empty}</p>
        ) : (
          <ul className="adm-certs">
            {res.data.map((c) => (
              <CertificateRow key={c._id} c={c} />
            ))}
          </ul>
        ))}
    </section>
  );
}
