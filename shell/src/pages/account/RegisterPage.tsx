import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { USER_ERRORS, validateRegistration, type RegisterResponse } from '@circo/shared-contracts';
import { Alert, ApiError, api, useLanguageStore, SubmitButton, TextField } from '@circo/shared-web';
import { sharedResolver } from '../../features/account/sharedResolver';
import { useValidationText } from '../../features/account/useValidationText';
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
  const errorText = useValidationText();
  const tooManyText = useTooManyText();
  const lang = useLanguageStore((s) => s.lang);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const redirect = useRedirectAfter('/registro-exitoso', 2000);
  const form = useForm<RegisterForm>({
    resolver: sharedResolver(validateRegistration),
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;

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
        <TextField
          label={t('fields.name')}
          autoComplete="given-name"
          error={errorText(errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={t('fields.surname')}
          autoComplete="family-name"
          error={errorText(errors.surname?.message)}
          {...register('surname')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={errorText(errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          error={errorText(errors.password?.message)}
          {...register('password')}
        />
        <TextField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errorText(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
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
