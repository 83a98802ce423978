import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPresential, Lang } from '@circo/shared-contracts';
import {
  Alert,
  Spinner,
  adminPaths,
  adminQueries,
  toResource,
  useAdminWrite,
} from '@circo/shared-web';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DetailPanel } from '../common/DetailPanel';
import { Dialog } from '../common/Dialog';
import { stripTags } from '../common/ItemView';
import { ListRow } from '../common/OrderedList';
import { displayTitle } from '../common/titles';
import { PresentialForm } from './PresentialForm';

/** "1 may 2031" or "1 may 2031 – 3 may 2031", in the page's language. */
function useDateText() {
  const { i18n } = useTranslation('admin');
  const fmt = (d: string | null) =>
    d
      ? new Date(`${d}T00:00:00Z`).toLocaleDateString(i18n.language, {
          timeZone: 'UTC',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        })
      : '';
  return (p: AdminPresential) =>
    p.dateType === 'single'
      ? fmt(p.singleDate)
      : `${fmt(p.dateRange.start)} – ${fmt(p.dateRange.end)}`;
}

/** /admin/formaciones-presenciales */
export function PresentialManager() {
  const { t } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.presential()));
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<AdminPresential | null>(null);
  const write = useAdminWrite();
  const dateText = useDateText();
  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') return <Alert tone="error">{t('errors.loadFailed')}</Alert>;
  const current = res.data.find((p) => p._id === selected);
  const view = (p: AdminPresential) => (lang: Lang) => (
    <dl className="adm-view">
      <dt>{t('fields.title')}</dt>
      <dd>{p.title[lang]}</dd>
      <dt>{t('fields.description')}</dt>
      <dd className="adm-view__long">{stripTags(p.description[lang])}</dd>
      <dt>{t('fields.location')}</dt>
      <dd>{p.location[lang]}</dd>
      <dt>{t('fields.date')}</dt>
      <dd>{dateText(p)}</dd>
      <dt>{t('fields.time')}</dt>
      <dd>{p.time || '—'}</dd>
      <dt>{t('fields.registrationLink')}</dt>
      <dd>
        {p.registrationLink ? (
          <a href={p.registrationLink} target="_blank" rel="noreferrer">
            {p.registrationLink}
          </a>
        ) : (
          '—'
        )}
      </dd>
    </dl>
  );
  return (
    <div className="adm-manager">
      <section className="adm-list-pane" aria-labelledby="presential-heading">
        <div className="adm-pane-head">
          <h2 id="presential-heading">{t('presential.list')}</h2>
          <button type="button" className="btn btn--accent" onClick={() => setAdding(true)}>
            {t('presential.add')}
          </button>
        </div>
        {res.data.length === 0 && <p className="adm-muted">{t('presential.empty')}</p>}
        <ul className="adm-list">
          {res.data.map((p) => (
            <li key={p._id}>
              <ListRow
                name={displayTitle(p.title)}
                selected={p._id === selected}
                onSelect={() => setSelected(p._id)}
                marks={<span className="adm-muted">{dateText(p)}</span>}
                testId="presential-row"
              >
                <button type="button" className="btn btn--ghost" onClick={() => setSelected(p._id)}>
                  {t('actions.edit')}
                </button>
                <button type="button" className="btn btn--ghost" onClick={() => setConfirming(p)}>
                  {t('actions.delete')}
                </button>
              </ListRow>
            </li>
          ))}
        </ul>
      </section>
      <div className="adm-detail-pane">
        {current ? (
          <DetailPanel
            key={current._id}
            idPrefix={`presential-${current._id}`}
            heading={displayTitle(current.title)}
            view={view(current)}
            edit={(done) => <PresentialForm item={current} onDone={done} onCancel={done} />}
          />
        ) : (
          <p className="adm-muted adm-hint-pane">{t('panel.choose')}</p>
        )}
      </div>
      {adding && (
        <Dialog title={t('presential.add')} onClose={() => setAdding(false)} wide>
          <PresentialForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
        </Dialog>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('confirm.delete_presential')}
          name={displayTitle(confirming.title)}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            write.mutateAsync({ method: 'DELETE', path: adminPaths.presentialOne(confirming._id) })
          }
        />
      )}
    </div>
  );
}
