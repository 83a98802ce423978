import { useTranslation } from 'react-i18next';
import { useOnline } from '@circo/shared-web';

/** With no network: what still works (the downloads) and what waits for it (buying, sending). */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="app-offline" role="status" data-testid="offline-banner">
      <strong>{t('offline.banner')}</strong> <span>{t('offline.bannerHint')}</span>
    </div>
  );
}
