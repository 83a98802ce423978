import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { validateLogin, type LoginResponse } from '@circo/shared-contracts';
import { Alert, api, useSessionStore, SubmitButton } from '@circo/shared-web';
import { sharedResolver } from '../../features/account/sharedResolver';
import { AccountField } from '../../features/account/AccountField';
import { useTooManyText } from '../../features/account/useTooManyText';
import { earlyForm } from '../../features/account/earlyForm';

interface LoginForm {
  email: string;
  password: string;
}

/**
 * `?next=` of the login address: where a link sent before the page's code ran (a plain page load
 * carries no router state) brings the visitor back. Only a path of this site.
 */
function nextOf(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?![/\\])/.test(next) ? next : undefined;
}

export function LoginPage() {
  const { t } = useTranslation('shell');
  const tooManyText = useTooManyText();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useSessionStore((s) => s.login);
  const current = useSessionStore((s) => (s.status === 'authenticated' ? s.user : null));
  const denied = (location.state as { denied?: string } | null)?.denied;
  // the error to show: wrong credentials (the spec's text) or too many attempts (wait)
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: sharedResolver(validateLogin),
    reValidateMode: 'onChange',
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async (values: LoginForm) => {
    setFailed(null);
    try {
      const { token } = await api<LoginResponse>('/auth/login', {
        method: 'POST',
        body: { email: values.email.trim(), password: values.password },
      });
      const user = await login(token);
      if (!user) throw new Error('profile not loaded');
      const from = (location.state as { from?: string } | null)?.from ?? nextOf(location.search);
      void navigate(from && from !== '/login' ? from : '/mis-cursos', { replace: true });
    } catch (err) {
      setFailed(tooManyText(err) ?? t('login.failed'));
    }
  };

  return (
    <section className="panel panel--narrow">
      <h1>{t('login.title')}</h1>
      {current && (
        <div className="alert alert--warning" role="status" data-testid="logged-in-notice">
          <p>
            {denied
              ? t('login.noAccess', { email: current.email })
              : t('login.alreadyIn', { email: current.email })}
          </p>
          <Link to="/">{t('login.back')}</Link>
        </div>
      )}
      {failed && <Alert tone="error">{failed}</Alert>}
      <form className="form" noValidate {...earlyForm(form, onSubmit)}>
        <AccountField form={form} name="email" label={t('fields.email')} kind="email" />
        <AccountField
          form={form}
          name="password"
          label={t('fields.password')}
          kind="current-password"
        />
        <SubmitButton block busy={isSubmitting} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
      </form>
      <div className="form-links">
        <Link to="/olvidaste-tu-contraseña">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register')}</Link>
      </div>
    </section>
  );
}
