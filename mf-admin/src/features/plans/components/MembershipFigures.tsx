import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MembershipStats } from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';
import { useFormats } from '../../business/hooks/useFormats';

/** The memberships in the sales dashboard: MRR and subscribers now, started and cancelled in 30 days. */
export function MembershipFigures() {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const stats = useQuery({
    queryKey: ['admin', 'subscriptions', 'stats'],
    queryFn: getJson<MembershipStats>('/admin/subscriptions/stats'),
  });
  if (!stats.data) return null;
  const s = stats.data;
  return (
    <section className="adm-sales" aria-labelledby="adm-memberships-title">
      <h2 id="adm-memberships-title">{t('plans.figures.title')}</h2>
      <dl className="adm-stats">
        <div>
          <dt>{t('plans.figures.mrr')}</dt>
          <dd data-stat="mrr">{f.money(s.mrr)}</dd>
        </div>
        <div>
          <dt>{t('plans.figures.active')}</dt>
          <dd data-stat="subscribers">
            {s.active}
            {s.pastDue > 0 && ` · ${t('plans.figures.pastDue', { count: s.pastDue })}`}
          </dd>
        </div>
        <div>
          <dt>{t('plans.figures.started')}</dt>
          <dd data-stat="started">{s.started}</dd>
        </div>
        <div>
          <dt>{t('plans.figures.canceled')}</dt>
          <dd data-stat="canceled">{s.canceled}</dd>
        </div>
      </dl>
    </section>
  );
}
