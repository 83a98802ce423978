import { useTranslation } from 'react-i18next';

/** A simple page of this remote, shown until its feature issue replaces it. */
export function RoutePage({ page }: { page: string }) {
  const { t } = useTranslation('admin');
  return (
    <section className="panel">
      <h1>{t(`pages.${page}.title`)}</h1>
    </section>
  );
}
