import { useTranslation } from 'react-i18next';

export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--narrow">
      <h1>{t('titles.resetPassword')}</h1>
    </section>
  );
}
