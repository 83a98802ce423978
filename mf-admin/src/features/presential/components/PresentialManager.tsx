import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPresential, Lang } from '@circo/shared-contracts';
import { Alert, Spinner, adminPaths, adminQueries, toResource } from '@circo/shared-web';
import { stripTags } from '../../common/components/ItemView';
import { ListManager } from '../../common/components/ListManager';
import { displayTitle } from '../../common/titles';
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
  const dateText = useDateText();
  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') return <Alert tone="error">{t('errors.loadFailed')}</Alert>;
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
    <ListManager
      items={res.data}
      headingId="presential-heading"
      panelIdPrefix="presential"
      texts={{
        list: t('presential.list'),
        add: t('presential.add'),
        empty: t('presential.empty'),
        confirmDelete: t('confirm.delete_presential'),
      }}
      name={(p) => displayTitle(p.title)}
      marks={(p) => <span className="adm-muted">{dateText(p)}</span>}
      rowTestId="presential-row"
      view={view}
      form={(props) => <PresentialForm {...props} />}
      deletePath={(p) => adminPaths.presentialOne(p._id)}
    />
  );
}
