import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Spinner, catalogQueries, toResource } from '@circo/shared-web';
import { LoadError } from '../features/catalog/components/LoadError';
import { useCatalogMeta } from '../features/catalog/hooks/useCatalogMeta';
import { useLang } from '../features/catalog/hooks/useLang';
import { PlanCard } from '../features/membership/components/PlanCard';

/** /membresia: the active membership plans, each with what it opens. */
export function MembershipPage() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const plans = toResource(useQuery(catalogQueries.plans(lang)));
  useCatalogMeta(t('pages.membership.title'), t('membership.intro'));

  return (
    <div className="cat-page">
      <header className="cat-page__head">
        <h1>{t('pages.membership.title')}</h1>
        <p className="cat-lead">{t('membership.intro')}</p>
      </header>
      {plans.status === 'loading' && <Spinner />}
      {plans.status === 'error' && <LoadError onRetry={plans.retry} />}
      {plans.status === 'success' &&
        (plans.data.length === 0 ? (
          <p className="cat-empty-line" data-testid="plans-empty">
            {t('membership.empty')}
          </p>
        ) : (
          <ul className="cat-plans" aria-label={t('pages.membership.title')}>
            {plans.data.map((plan) => (
              <PlanCard key={plan._id} plan={plan} />
            ))}
          </ul>
        ))}
    </div>
  );
}
