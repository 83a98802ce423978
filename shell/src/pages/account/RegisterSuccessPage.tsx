import { useTranslation } from 'react-i18next';

export function RegisterSuccessPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="panel panel--narrow">
      <h1>{t('titles.registerSuccess')}</h1>
    </section>
  );
}
