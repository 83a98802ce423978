import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsd, type PublicPlan } from '@circo/shared-contracts';
import { detailPath } from '../../catalog/paths';

/** One membership plan: its price per month or year, what it opens, and the way to subscribe. */
export function PlanCard({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('catalog');
  const titleId = `plan-${plan._id}`;
  return (
    <li className="cat-plan" data-testid="plan-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="cat-plan__name">
        {plan.name}
      </h2>
      <p className="cat-plan__price">
        <span className="cat-price__final">{formatUsd(plan.price)}</span>{' '}
        <span className="cat-price__currency">USD</span>{' '}
        <span className="cat-plan__per">{t(`membership.per.${plan.interval}`)}</span>
      </p>
      {plan.description && <p className="cat-plan__text">{plan.description}</p>}
      <h3 className="cat-price__subtitle">{t('membership.opens')}</h3>
      {plan.includesAll ? (
        <p className="cat-plan__all">{t('membership.everything')}</p>
      ) : (
        <ul className="cat-plan__items">
          {plan.items.map((item) => (
            <li key={`${item.itemType}:${item.itemId}`}>
              <Link to={detailPath(item.itemType, item.itemId, item.title)}>{item.title}</Link>
            </li>
          ))}
        </ul>
      )}
      <p className="cat-plan__terms">{t(`membership.terms.${plan.interval}`)}</p>
      {/* a link: it works before the page's code has arrived */}
      <Link
        className="btn btn--primary btn--block"
        to={`/pago-embed?plan=${plan._id}`}
        data-testid="subscribe"
      >
        {t('membership.subscribe')}
      </Link>
    </li>
  );
}
