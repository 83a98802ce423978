import { useTranslation } from 'react-i18next';

export function RegisterPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--narrow">
      <h1>{t('titles.register')}</h1>
    </section>
  );
}
