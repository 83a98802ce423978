import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, updateWaiting } from './serviceWorker';

/** "A new version is ready": it takes over when the student accepts, or at the next full load. */
export function UpdateNotice() {
  const { t } = useTranslation('shell');
  const ready = useSyncExternalStore(
    updateWaiting.subscribe,
    updateWaiting.get,
    updateWaiting.getServer,
  );
  if (!ready) return null;
  return (
    <div className="app-notice" role="status" data-testid="update-notice">
      <span>{t('offline.updateReady')}</span>
      <button type="button" className="btn btn--primary" onClick={applyUpdate}>
        {t('offline.updateNow')}
      </button>
    </div>
  );
}
