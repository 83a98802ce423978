import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** With no network: what still works (the downloads) and what waits for it (buying, sending). */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    // the server renders the page of a visitor who is online
    () => true,
  );
  if (online) return null;
  return (
    <div className="app-offline" role="status" data-testid="offline-banner">
      <strong>{t('offline.banner')}</strong> <span>{t('offline.bannerHint')}</span>
    </div>
  );
}
