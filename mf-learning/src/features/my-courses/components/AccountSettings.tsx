import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AccountExport, UserPreferences } from '@circo/shared-contracts';
import {
  Alert,
  api,
  getJson,
  sendJson,
  useApiMutation,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';

const KEY = ['learning', 'preferences'] as const;
/** The confirmation link of an account deletion: /mis-cursos?eliminar-cuenta=<token>. */
const CONFIRM_PARAM = 'eliminar-cuenta';

/** Asks for the e-mail that confirms a deletion, and deletes once its link brought the student back. */
function DeleteAccount() {
  const { t } = useTranslation('learning');
  const lang = useLanguageStore((s) => s.lang);
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const token = params.get(CONFIRM_PARAM);
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed' | 'badLink'>('idle');

  const request = async () => {
    setState('busy');
    try {
      await api('/users/me', { method: 'DELETE', body: { lang } });
      setState('sent');
      setAsking(false);
    } catch {
      setState('failed');
    }
  };
  const confirm = async () => {
    setState('busy');
    try {
      await api('/users/me', { method: 'DELETE', body: { token } });
      logout();
      void navigate('/', { replace: true });
    } catch {
      setState('badLink');
      setParams({}, { replace: true });
    }
  };

  if (token) {
    return (
      <div className="panel" role="alert" data-testid="delete-confirm">
        <p>
          <strong>{t('account.confirmTitle')}</strong>
        </p>
        <p>{t('account.confirmText')}</p>
        <div className="learn-settings__actions">
          <button
            type="button"
            className="btn btn--danger"
            disabled={state === 'busy'}
            onClick={() => void confirm()}
          >
            {t('account.deleteNow')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setParams({}, { replace: true })}
          >
            {t('account.keep')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      {state === 'sent' && <Alert tone="success">{t('account.emailSent')}</Alert>}
      {state === 'failed' && <Alert tone="error">{t('settings.saveFailed')}</Alert>}
      {state === 'badLink' && <Alert tone="error">{t('account.badLink')}</Alert>}
      {asking ? (
        <div className="panel">
          <p>{t('account.deleteText')}</p>
          <div className="learn-settings__actions">
            <button
              type="button"
              className="btn btn--danger"
              disabled={state === 'busy'}
              onClick={() => void request()}
            >
              {t('account.sendEmail')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
              {t('account.keep')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
          {t('account.delete')}
        </button>
      )}
    </>
  );
}

/**
 * The account's settings under My Courses: access reminders by e-mail (the link in each reminder
 * turns them off too; here they come back on), a download of everything the shop holds about the
 * student, and the deletion of the account.
 */
export function AccountSettings() {
  const { t } = useTranslation('learning');
  const prefs = useQuery({
    queryKey: KEY,
    queryFn: getJson<UserPreferences>('/users/me/preferences'),
  });
  const save = useApiMutation<UserPreferences, UserPreferences>({
    mutationFn: sendJson<UserPreferences, UserPreferences>('/users/me/preferences', 'PUT'),
    invalidates: [KEY],
  });
  const [exportFailed, setExportFailed] = useState(false);
  const download = async () => {
    setExportFailed(false);
    try {
      const data = await api<AccountExport>('/users/me/export');
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = 'mis-datos.json';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setExportFailed(true);
    }
  };
  const on = save.isPending
    ? (save.variables?.reminders ?? prefs.data?.reminders)
    : prefs.data?.reminders;
  return (
    <section className="learn-settings" aria-labelledby="learn-settings-title">
      <h2 id="learn-settings-title">{t('settings.title')}</h2>
      {prefs.data && (
        <label className="learn-settings__toggle">
          <input
            type="checkbox"
            checked={on ?? true}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ reminders: e.target.checked })}
          />
          {t('settings.reminders')}
        </label>
      )}
      {save.isError && <Alert tone="error">{t('settings.saveFailed')}</Alert>}
      <div className="learn-settings__actions">
        <button type="button" className="btn btn--ghost" onClick={() => void download()}>
          {t('account.export')}
        </button>
      </div>
      {exportFailed && <Alert tone="error">{t('settings.saveFailed')}</Alert>}
      <DeleteAccount />
    </section>
  );
}
