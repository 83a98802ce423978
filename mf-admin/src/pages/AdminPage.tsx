import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The frame of every admin page: its title and a way back to the dashboard. */
export function AdminPage({
  title,
  back = true,
  children,
}: {
  title: string;
  back?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="adm-page">
      {back && (
        <Link className="adm-back" to="/admin">
          ← {t('dashboard.back')}
        </Link>
      )}
      <h1>{title}</h1>
      {children}
    </section>
  );
}
