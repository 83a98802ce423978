import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTES, type MyCertificate } from '@circo/shared-contracts';
import { fetchCertificatePdf } from '@circo/shared-web';

const verifyPath = ROUTES.find((r) => r.id === 'certificate')!.path;

/**
 * A completed item's certificate on its card: "Certificate" downloads the PDF (the API wants the
 * session's token, so it is fetched, then saved), and a link to its public verification page.
 */
export function CertificateActions({ certificate }: { certificate: MyCertificate }) {
  const { t } = useTranslation('learning');
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const blob = await fetchCertificatePdf(certificate._id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${t('certificate.file')}-${certificate.code}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <div className="learn-card__certificate" data-testid="certificate">
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void download()}
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
      >
        {t('certificate.download')}
      </button>
      <a
        className="btn btn--ghost"
        href={pathTo(verifyPath, { code: certificate.code })}
        target="_blank"
        rel="noopener"
      >
        {t('certificate.verify')}
      </a>
      {state === 'error' && (
        <p role="alert" className="learn-card__error">
          {t('certificate.error')}
        </p>
      )}
    </div>
  );
}
