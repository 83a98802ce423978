import { useTranslation } from 'react-i18next';

/** A loading indicator with an accessible label. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
