import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { USER_ERRORS, validateRegistration, type RegisterResponse } from '@circo/shared-contracts';
import { Alert, ApiError, api, useLanguageStore, SubmitButton } from '@circo/shared-web';
import { sharedResolver } from '../../features/account/sharedResolver';
import { AccountField } from '../../features/account/AccountField';
import { useTooManyText } from '../../features/account/useTooManyText';
import { useRedirectAfter } from '../../features/account/useRedirectAfter';
import { earlyForm } from '../../features/account/earlyForm';

interface RegisterForm {
  name: string;
  surname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function RegisterPage() {
  const { t } = useTranslation('shell');
  const tooManyText = useTooManyText();
  const lang = useLanguageStore((s) => s.lang);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const redirect = useRedirectAfter('/registro-exitoso', 2000);
  const form = useForm<RegisterForm>({
    resolver: sharedResolver(validateRegistration),
    reValidateMode: 'onChange',
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async (v: RegisterForm) => {
    setOutcome(null);
    try {
      // the confirmation is checked here and never sent
      await api<RegisterResponse>('/users', {
        method: 'POST',
        body: {
          name: v.name.trim(),
          surname: v.surname.trim(),
          email: v.email.trim(),
          password: v.password,
          lang,
        },
      });
      setOutcome({ tone: 'success', text: t('register.success') });
      redirect();
    } catch (err) {
      const known = err instanceof ApiError && err.code === USER_ERRORS.emailTaken;
      const text = known ? t('register.emailTaken') : (tooManyText(err) ?? t('register.failed'));
      setOutcome({ tone: 'error', text });
    }
  };

  return (
    <section className="panel panel--narrow">
      <h1>{t('register.title')}</h1>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <form className="form" noValidate {...earlyForm(form, onSubmit)}>
        <AccountField form={form} name="name" label={t('fields.name')} kind="given-name" />
        <AccountField form={form} name="surname" label={t('fields.surname')} kind="family-name" />
        <AccountField form={form} name="email" label={t('fields.email')} kind="email" />
        <AccountField
          form={form}
          name="password"
          label={t('fields.password')}
          kind="new-password"
        />
        <AccountField
          form={form}
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          kind="new-password"
        />
        <SubmitButton block busy={isSubmitting} disabled={outcome?.tone === 'success'}>
          {t('register.submit')}
        </SubmitButton>
      </form>
      <div className="form-links">
        <Link to="/login">{t('register.haveAccount')}</Link>
      </div>
    </section>
  );
}
