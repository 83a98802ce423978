import { useTranslation } from 'react-i18next';
import { Alert } from '@circo/shared-web';

/** A failed list or detail request, with a way to ask again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Alert tone="error">
      <span>{t('common.loadError')}</span>{' '}
      <button type="button" className="btn btn--ghost cat-retry" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </Alert>
  );
}
