import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { USER_ERRORS, validateResetPassword, type MessageResponse } from '@circo/shared-contracts';
import { Alert, ApiError, api, SubmitButton } from '@circo/shared-web';
import { sharedResolver } from '../../features/account/sharedResolver';
import { AccountField } from '../../features/account/AccountField';
import { useTooManyText } from '../../features/account/useTooManyText';
import { useRedirectAfter } from '../../features/account/useRedirectAfter';
import { earlyForm } from '../../features/account/earlyForm';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  const tooManyText = useTooManyText();
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const redirect = useRedirectAfter('/login', 3000);
  const form = useForm<ResetForm>({
    resolver: sharedResolver(validateResetPassword),
    reValidateMode: 'onChange',
  });
  const { formState } = form;

  const onSubmit = async ({ password }: ResetForm) => {
    setOutcome(null);
    try {
      await api<MessageResponse>(`/auth/reset-password/${encodeURIComponent(token)}`, {
        method: 'POST',
        body: { newPassword: password },
      });
      setOutcome({ tone: 'success', text: t('reset.success') });
      redirect();
    } catch (err) {
      const invalid = err instanceof ApiError && err.code === USER_ERRORS.resetTokenInvalid;
      const text = invalid ? t('reset.tokenInvalid') : (tooManyText(err) ?? t('reset.failed'));
      setOutcome({ tone: 'error', text });
    }
  };

  return (
    <section className="panel panel--narrow">
      <h1>{t('reset.title')}</h1>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <form className="form" noValidate {...earlyForm(form, onSubmit)}>
        <AccountField
          form={form}
          name="password"
          label={t('fields.newPassword')}
          kind="new-password"
        />
        <AccountField
          form={form}
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          kind="new-password"
        />
        <SubmitButton block busy={formState.isSubmitting} disabled={outcome?.tone === 'success'}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
