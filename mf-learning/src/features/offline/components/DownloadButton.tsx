import { useTranslation } from 'react-i18next';
import type { ItemType } from '@circo/shared-contracts';
import { useOnline } from '@circo/shared-web';
import { offlineSupported } from '../model/downloads';
import { useLang } from '../../shared/hooks';
import { formatBytes } from '../hooks/formatBytes';
import { useDownload, useDownloadRecords } from '../hooks/useDownloads';

/**
 * "Download for offline practice" of a course or formation (`classIds`: all its classes) or of one
 * class: the size and the storage left before, the progress during, "Available offline" after.
 */
export function DownloadButton({
  kind,
  itemId,
  classIds,
  classId,
}: {
  kind: ItemType;
  itemId: string;
  /** the classes the item has (a whole item is available once each is downloaded) */
  classIds: string[];
  /** one class of the item */
  classId?: string;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const records = useDownloadRecords();
  const { state, plan, start, cancel } = useDownload(kind, itemId, classId);
  const online = useOnline();
  if (!offlineSupported() || !records.isSuccess) return null;
  const record = records.data.find((r) => r.kind === kind && r.id === itemId);
  const wanted = classId ? [classId] : classIds;
  const available = !!record && wanted.every((c) => record.classIds.includes(c));
  const testId = classId ? 'class-download' : 'item-download';

  if (available && state.step === 'idle') {
    return (
      <p className="offline-badge" data-testid={`${testId}-done`}>
        <span aria-hidden="true">✓</span> {t('offline.available')}
        {!classId && record.onlineOnly > 0 && (
          <span className="learn-muted">
            {' '}
            · {t('offline.onlineOnly', { count: record.onlineOnly })}
          </span>
        )}
      </p>
    );
  }
  if (!online && state.step === 'idle') return null;
  return (
    <div className="offline-download" data-testid={testId}>
      {(state.step === 'idle' || state.step === 'failed') && (
        <button type="button" className="btn btn--ghost" onClick={() => void plan()}>
          {t('offline.download')}
        </button>
      )}
      {state.step === 'failed' && (
        <p className="learn-error" role="alert">
          {t(state.reason === 'space' ? 'offline.noSpace' : 'offline.failed')}
        </p>
      )}
      {state.step === 'planning' && (
        <p className="learn-muted" role="status">
          {t('offline.planning')}
        </p>
      )}
      {state.step === 'confirm' && (
        <div className="offline-download__confirm" role="group" aria-label={t('offline.download')}>
          <p data-testid="download-size">
            {state.left === null
              ? t('offline.size', { size: formatBytes(state.plan.bytes, lang) })
              : t('offline.sizeAndLeft', {
                  size: formatBytes(state.plan.bytes, lang),
                  left: formatBytes(state.left, lang),
                })}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void start()}>
            {t('offline.start', { size: formatBytes(state.plan.bytes, lang) })}
          </button>
          <button type="button" className="btn btn--ghost" onClick={cancel}>
            {t('offline.cancel')}
          </button>
        </div>
      )}
      {state.step === 'downloading' && (
        <div className="offline-download__progress" role="status">
          <progress
            max={Math.max(state.total, 1)}
            value={state.done}
            aria-label={t('offline.download')}
          />
          <span>
            {t('offline.progress', {
              done: formatBytes(state.done, lang),
              total: formatBytes(state.total, lang),
            })}
          </span>
        </div>
      )}
    </div>
  );
}
