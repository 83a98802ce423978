import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_LIMITS,
  CERTIFICATE_PATHS,
  type CertificateSettings,
} from '@circo/shared-contracts';
import { useAdminWrite } from '@circo/shared-web';
import { certificateQueries } from '../queries';

/** A chosen image file as a data URL (the API checks its type and size). */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** The coach's name and signature image, printed on every certificate. */
export function CertificateSettingsForm() {
  const { t } = useTranslation('admin');
  const saved = useQuery(certificateQueries.settings()).data;
  const write = useAdminWrite<CertificateSettings>();
  const [coachName, setCoachName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!saved) return;
    setCoachName(saved.coachName);
    setSignature(saved.signature);
  }, [saved]);

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type) || file.size > CERTIFICATE_LIMITS.signatureBytes) {
      setError(t('certificates.settings.badImage'));
      return;
    }
    setSignature(await readAsDataUrl(file));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write
      .mutateAsync({
        method: 'PUT',
        path: CERTIFICATE_PATHS.settings,
        body: { coachName, signature },
      })
      .catch(() => setError(t('certificates.failed')));
  };
  return (
    <section className="adm-section" aria-labelledby="cert-settings">
      <h2 id="cert-settings">{t('certificates.settings.title')}</h2>
      <form className="adm-form" onSubmit={submit}>
        <label className="adm-field">
          <span>{t('certificates.settings.coachName')}</span>
          <input
            value={coachName}
            maxLength={CERTIFICATE_LIMITS.coachName}
            onChange={(e) => setCoachName(e.target.value)}
          />
        </label>
        <label className="adm-field">
          <span>{t('certificates.settings.signature')}</span>
          <input
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {signature && (
          <p className="adm-cert__signature">
            <img src={signature} alt={t('certificates.settings.signatureAlt')} />
            <button type="button" className="btn btn--ghost" onClick={() => setSignature(null)}>
              {t('certificates.settings.remove')}
            </button>
          </p>
        )}
        {error && (
          <p role="alert" className="adm-error">
            {error}
          </p>
        )}
        {write.isSuccess && !error && <p role="status">{t('certificates.settings.saved')}</p>}
        <button type="submit" className="btn btn--primary" disabled={write.isPending}>
          {t('certificates.settings.save')}
        </button>
      </form>
    </section>
  );
}
