import { useTranslation } from 'react-i18next';
import type { AccessGrantView, StudentItem } from '@circo/shared-contracts';
import { DataTable } from '../../common/components/DataTable';
import { displayTitle } from '../../common/titles';
import { useFormats } from '../../business/hooks/useFormats';
import { useAccessBadge } from '../hooks/useAccessBadge';
import type { GrantTarget } from './GrantAccessForm';

/** A grant given by hand that still runs can be ended early. */
const endable = (g: AccessGrantView) =>
  g.kind === 'admin_grant' && !g.ended && Date.parse(g.expiresAt) > Date.now();

/** A student's courses and formations: access end, progress, and the history of each access. */
export function StudentItems({
  items,
  onGrant,
  onEnd,
}: {
  items: StudentItem[];
  /** Give access (to any item, or to extend this one). */
  onGrant: (target?: GrantTarget) => void;
  onEnd: (grantId: string, title: string) => void;
}) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const badge = useAccessBadge();
  return (
    <section aria-labelledby="adm-student-items">
      <div className="adm-sales__head">
        <h2 id="adm-student-items">{t('students.items')}</h2>
        <button type="button" className="btn" onClick={() => onGrant()}>
          {t('students.grant.open')}
        </button>
      </div>
      {items.length === 0 && <p>{t('students.noItems')}</p>}
      {items.map((item) => (
        <article key={item.itemId} className="adm-student-item" data-item={item.itemId}>
          <h3>
            {displayTitle(item.title)}{' '}
            <span className="adm-muted">({t(`business.itemType.${item.itemType}`)})</span>
          </h3>
          <dl className="adm-view">
            <dt>{t('students.accessEnd')}</dt>
            <dd>
              {f.date(item.expiresAt)} · <strong>{badge(item)}</strong>
            </dd>
            <dt>{t('students.progress')}</dt>
            <dd>
              {t('students.classesDone', {
                done: item.progress.done,
                total: item.progress.total,
              })}
              {item.progress.lastActivity &&
                ` · ${t('students.lastActivity')}: ${f.date(item.progress.lastActivity)}`}
            </dd>
          </dl>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => onGrant({ itemType: item.itemType, itemId: item.itemId })}
          >
            {t('students.grant.extend')}
          </button>
          <DataTable
            caption={t('students.history')}
            rows={item.history}
            rowKey={(g) => g._id}
            columns={[
              {
                header: t('students.kind'),
                cell: (g) => (
                  <>
                    {t(`students.kinds.${g.kind}`)}
                    {g.ended && ` (${t('students.ended')})`}
                  </>
                ),
              },
              { header: t('students.from'), cell: (g) => f.date(g.startsAt) },
              {
                header: t('students.until'),
                cell: (g) =>
                  g.kind === 'refund' || g.kind === 'revocation' ? '—' : f.date(g.expiresAt),
              },
              {
                header: t('students.grant.reason'),
                cell: (g) => (
                  <>
                    {g.reason ? t(`students.reasons.${g.reason}`) : '—'}
                    {g.note && <span className="adm-muted"> · {g.note}</span>}
                  </>
                ),
              },
              {
                header: <span className="visually-hidden">{t('students.actions')}</span>,
                cell: (g) =>
                  endable(g) && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={() => onEnd(g._id, displayTitle(item.title))}
                    >
                      {t('students.end')}
                    </button>
                  ),
              },
            ]}
          />
        </article>
      ))}
    </section>
  );
}
