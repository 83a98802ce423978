import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { validateForgot, type MessageResponse } from '@circo/shared-contracts';
import { Alert, api, useLanguageStore, SubmitButton } from '@circo/shared-web';
import { sharedResolver } from '../../features/account/sharedResolver';
import { AccountField } from '../../features/account/AccountField';
import { useTooManyText } from '../../features/account/useTooManyText';
import { earlyForm } from '../../features/account/earlyForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  const tooManyText = useTooManyText();
  const lang = useLanguageStore((s) => s.lang);
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  const [waitText, setWaitText] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: sharedResolver(validateForgot),
    reValidateMode: 'onChange',
  });
  const { formState } = form;

  const onSubmit = async ({ email }: { email: string }) => {
    setOutcome(null);
    setWaitText(null);
    try {
      await api<MessageResponse>('/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim(), lang },
      });
      setOutcome('success');
    } catch (err) {
      setWaitText(tooManyText(err));
      setOutcome('error');
    }
  };

  return (
    <section className="panel panel--narrow">
      <h1>{t('forgot.title')}</h1>
      <p>{t('forgot.intro')}</p>
      {outcome === 'success' && <Alert tone="success">{t('forgot.success')}</Alert>}
      {outcome === 'error' && <Alert tone="error">{waitText ?? t('forgot.failed')}</Alert>}
      <form className="form" noValidate {...earlyForm(form, onSubmit)}>
        <AccountField form={form} name="email" label={t('fields.email')} kind="email" />
        <SubmitButton block busy={formState.isSubmitting}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
      <div className="form-links">
        <Link to="/login">{t('forgot.back')}</Link>
      </div>
    </section>
  );
}
