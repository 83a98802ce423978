import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatUsd, plansOpening, type ItemType } from '@circo/shared-contracts';
import { catalogQueries } from '@circo/shared-web';
import { useLang } from '../../catalog/hooks/useLang';

/** "Included in <plan>" beside the price, for each active membership plan that opens the item. */
export function IncludedInPlans({ kind, id }: { kind: ItemType; id: string }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const { data } = useQuery(catalogQueries.plans(lang));
  const plans = plansOpening(data ?? [], kind, id);
  if (plans.length === 0) return null;
  return (
    <ul className="cat-price__plans" data-testid="included-in-plans">
      {plans.map((plan) => (
        <li key={plan._id}>
          <Link to="/membresia">{t('detail.price.includedIn', { plan: plan.name })}</Link>{' '}
          <span className="cat-plan__per">
            ({formatUsd(plan.price)} USD {t(`membership.per.${plan.interval}`)})
          </span>
        </li>
      ))}
    </ul>
  );
}
