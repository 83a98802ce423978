import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPlan, Lang } from '@circo/shared-contracts';
import { Alert, Price, Spinner, adminPaths, adminQueries, toResource } from '@circo/shared-web';
import { ListManager } from '../../common/components/ListManager';
import { displayTitle } from '../../common/titles';
import { MoveSubscribers } from './MoveSubscribers';
import { PlanForm } from './PlanForm';

/** /admin/planes: membership plans with their price, status and subscribers. */
export function PlansManager() {
  const { t } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.plans()));
  const courses = useQuery(adminQueries.courses()).data ?? [];
  const formations = useQuery(adminQueries.formations()).data ?? [];
  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') return <Alert tone="error">{t('errors.loadFailed')}</Alert>;
  const titles = new Map(
    [...courses, ...formations].map((x) => [x._id, displayTitle(x.title)] as const),
  );
  const price = (p: AdminPlan) => (
    <>
      <Price amount={p.price} /> {t(`plans.per_${p.interval}`)}
    </>
  );
  const status = (p: AdminPlan) => (p.active ? t('plans.on') : t('plans.withdrawn'));
  const view = (p: AdminPlan) => (lang: Lang) => (
    <dl className="adm-view">
      <dt>{t('fields.name')}</dt>
      <dd>{p.name[lang] || p.name.es}</dd>
      <dt>{t('fields.descriptionOptional')}</dt>
      <dd>{p.description[lang] || p.description.es || '—'}</dd>
      <dt>{t('fields.price')}</dt>
      <dd>{price(p)}</dd>
      <dt>{t('plans.opens')}</dt>
      <dd>
        {p.includes === 'all'
          ? t('plans.everything')
          : p.includes.map((x) => titles.get(x.itemId) ?? x.itemId).join(', ')}
      </dd>
      <dt>{t('fields.status')}</dt>
      <dd>{status(p)}</dd>
      <dt>{t('plans.subscribers')}</dt>
      <dd>
        {p.subscribers}
        <MoveSubscribers plan={p} />
      </dd>
    </dl>
  );
  return (
    <ListManager
      items={res.data}
      headingId="plans-heading"
      panelIdPrefix="plan"
      texts={{
        list: t('plans.list'),
        add: t('plans.add'),
        empty: t('plans.empty'),
        confirmDelete: t('confirm.delete_plan'),
      }}
      name={(p) => displayTitle(p.name)}
      marks={(p) => (
        <span className="adm-muted">
          {price(p)} · {status(p)} · {t('plans.subscriberCount', { count: p.subscribers })}
          {p.olderPrice > 0 && ` · ${t('plans.move.older', { count: p.olderPrice })}`}
        </span>
      )}
      rowTestId="plan-row"
      view={view}
      form={(props) => <PlanForm {...props} />}
      deletePath={(p) => adminPaths.plan(p._id)}
    />
  );
}
