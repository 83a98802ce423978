import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  CERTIFICATE_PATHS,
  type CertificateVerification,
  type Lang,
} from '@circo/shared-contracts';
import { ApiError, getJson, Spinner } from '@circo/shared-web';
import { LoadError } from '../catalog/components/LoadError';
import { useCatalogMeta } from '../catalog/hooks/useCatalogMeta';
import { useLang } from '../catalog/hooks/useLang';

/** The query of a code's check; the server seeds the same key in the page it renders. */
const certificateQuery = (code: string, lang: Lang) => ({
  queryKey: ['catalog', 'certificate', code, { lang }] as const,
  queryFn: getJson<CertificateVerification>(CERTIFICATE_PATHS.verify(code), { lang }),
  retry: false,
});

const issued = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/**
 * /certificados/{code}: anyone checks a certificate an employer was shown. Valid or revoked, with
 * the name, the training and the date; never the student's e-mail.
 */
export function CertificateCheck() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const code = (useParams().code ?? '').toUpperCase();
  const q = useQuery(certificateQuery(code, lang));
  const notFound =
    q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
  useCatalogMeta(notFound ? t('certificate.notFoundTitle') : t('certificate.heading'));

  if (q.isPending) return <Spinner />;
  if (notFound) {
    return (
      <section className="panel panel--center cat-state" data-testid="certificate-not-found">
        <h1>{t('certificate.notFoundTitle')}</h1>
        <p>{t('certificate.notFoundText')}</p>
      </section>
    );
  }
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const c = q.data;
  const valid = c.status === 'valid';
  return (
    <section
      className="panel cat-certificate"
      data-testid="certificate-check"
      data-status={c.status}
    >
      <h1>{t('certificate.heading')}</h1>
      <p
        className={`cat-certificate__status cat-certificate__status--${c.status}`}
        role="status"
        data-testid="certificate-status"
      >
        {valid ? t('certificate.valid') : t('certificate.revoked')}
      </p>
      {!valid && <p>{t('certificate.revokedText')}</p>}
      <dl className="cat-certificate__facts">
        <dt>{t('certificate.name')}</dt>
        <dd dir="auto">{c.name}</dd>
        <dt>{t('certificate.title')}</dt>
        <dd dir="auto">{c.title}</dd>
        <dt>{t('certificate.issuedAt')}</dt>
        <dd>{issued(c.issuedAt, lang)}</dd>
        <dt>{t('certificate.code')}</dt>
        <dd>
          <code>{code}</code>
        </dd>
      </dl>
    </section>
  );
}
