import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_LIMITS,
  CERTIFICATE_PATHS,
  type AdminCertificate,
} from '@circo/shared-contracts';
import { useAdminWrite, useLanguageStore } from '@circo/shared-web';

const dateOf = (iso: string | null, lang: string) =>
  iso ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso)) : '';

/**
 * One certificate in the coach's lists: who, what, when, its code and state, and what she can do
 * with it: revoke a valid one (with an optional reason), reissue a revoked or declined one, and
 * approve or decline (with a note) one waiting for review.
 */
export function CertificateRow({ c }: { c: AdminCertificate }) {
  const { t } = useTranslation('admin');
  const lang = useLanguageStore((s) => s.lang);
  const write = useAdminWrite<AdminCertificate>();
  const [text, setText] = useState('');
  const state = c.revokedAt ? 'revoked' : c.status === 'issued' ? 'valid' : c.status;
  const act = (method: 'DELETE' | 'POST', path: string, body?: object) =>
    void write.mutateAsync({ method, path, body }).catch(() => undefined);
  const note = state === 'valid' || state === 'pending';
  return (
    <li className="adm-cert" data-testid="admin-certificate" data-state={state}>
      <div className="adm-cert__main">
        <strong dir="auto">{c.studentName}</strong> <span className="adm-muted">{c.email}</span>
        <div dir="auto">{c.title[lang] || c.title.es}</div>
        <div className="adm-muted">
          <code>{c.code}</code> · {t(`certificates.state.${state}`)} ·{' '}
          {dateOf(c.issuedAt ?? c.createdAt, lang)}
          {c.revokeReason && ` · ${c.revokeReason}`}
          {c.reviewNote && ` · ${c.reviewNote}`}
        </div>
      </div>
      <div className="adm-cert__actions">
        {note && (
          <label className="adm-cert__note">
            <span>{t(state === 'valid' ? 'certificates.reason' : 'certificates.note')}</span>
            <input
              value={text}
              maxLength={CERTIFICATE_LIMITS.reason}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        )}
        {state === 'valid' && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={write.isPending}
            onClick={() => act('DELETE', CERTIFICATE_PATHS.adminOne(c._id), { reason: text })}
          >
            {t('certificates.revoke')}
          </button>
        )}
        {(state === 'revoked' || state === 'declined') && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={write.isPending}
            onClick={() => act('POST', CERTIFICATE_PATHS.reissue(c._id))}
          >
            {t('certificates.reissue')}
          </button>
        )}
        {state === 'pending' && (
          <>
            <button
              type="button"
              className="btn btn--primary"
              disabled={write.isPending}
              onClick={() => act('POST', CERTIFICATE_PATHS.approve(c._id), { note: text })}
            >
              {t('certificates.approve')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={write.isPending}
              onClick={() => act('POST', CERTIFICATE_PATHS.decline(c._id), { note: text })}
            >
              {t('certificates.decline')}
            </button>
          </>
        )}
        {write.isError && (
          <p role="alert" className="adm-error">
            {t('certificates.failed')}
          </p>
        )}
      </div>
    </li>
  );
}
