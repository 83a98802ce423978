import { useTranslation } from 'react-i18next';

export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--narrow">
      <h1>{t('titles.forgotPassword')}</h1>
    </section>
  );
}
