import { useTranslation } from 'react-i18next';

export function LoginPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--narrow">
      <h1>{t('titles.login')}</h1>
    </section>
  );
}
