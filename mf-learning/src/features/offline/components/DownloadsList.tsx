import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { MyItem } from '@circo/shared-contracts';
import { pruneDownloads } from '../model/downloads';
import { useLang, useUserId } from '../../shared/hooks';
import { cardPath } from '../../my-courses/components/MyItemCard';
import { formatBytes } from '../hooks/formatBytes';
import { downloadsKey, useDeleteDownload, useDownloadRecords } from '../hooks/useDownloads';

/**
 * My Courses: what this device holds for offline practice, with sizes and a delete. `items`, the
 * account's items as the server answered them online: a download whose access ended goes.
 */
export function DownloadsList({ items }: { items: MyItem[] | null }) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const userId = useUserId();
  const client = useQueryClient();
  const records = useDownloadRecords();
  const remove = useDeleteDownload();

  useEffect(() => {
    if (!items || !userId || !navigator.onLine) return;
    const active = items.filter((i) => !i.expired);
    void pruneDownloads(userId, active).then(() =>
      client.invalidateQueries({ queryKey: downloadsKey(userId) }),
    );
  }, [items, userId, client]);

  if (!records.data || records.data.length === 0) return null;
  return (
    <section className="learn-section" aria-labelledby="downloads-title" data-testid="downloads">
      <h2 id="downloads-title" className="learn-section__title">
        {t('offline.listTitle')}
      </h2>
      <ul className="offline-list">
        {records.data.map((r) => {
          const title = r.title[lang] || r.title[r.lang] || '';
          return (
            <li key={`${r.kind}:${r.id}`} className="offline-list__item" data-testid="download-row">
              <div>
                <Link
                  to={cardPath({ _id: r.id, type: r.kind, expired: false } as MyItem)}
                  className="learn-card__link"
                >
                  {title}
                </Link>
                <p className="learn-muted">
                  {t(`my.kind.${r.kind}`)} · {formatBytes(r.bytes, lang)} · {t('offline.available')}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={t('offline.deleteLabel', { title })}
                onClick={() => void remove(r)}
              >
                {t('offline.delete')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
