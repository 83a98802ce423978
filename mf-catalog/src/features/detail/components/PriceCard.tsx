import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  discountedPrice,
  formatUsd,
  voucherText,
  type CartItem,
  type CourseSummary,
  type DiscountDto,
  type ItemType,
  type Localized,
} from '@circo/shared-contracts';
import { useAppConfig } from '@circo/shared-web';
import { useLang } from '../../catalog/hooks/useLang';
import { discountLabel } from '../discountLabel';
import { useAddToCart } from '../hooks/useAddToCart';
import { IncludedInPlans } from './IncludedInPlans';

const BENEFITS = ['recorded', 'downloadable', 'available', 'support'] as const;

function toCartItem(kind: ItemType, item: CourseSummary, discount: DiscountDto | null): CartItem {
  const image = {} as Localized;
  for (const l of LANGUAGES) image[l] = item.image?.[l] ?? '';
  return {
    _id: item._id,
    type: kind,
    title: item.title,
    image,
    price: item.price,
    discount: discount
      ? { name: discount.name, percentage: discount.percentage, amount: discount.amount }
      : null,
  };
}

/**
 * The international price in USD (discounted when a voucher applies), the access period, the
 * benefits and the add-to-cart button. The enroll button brings the focus here.
 */
export function PriceCard({
  kind,
  item,
  discount,
  cardRef,
}: {
  kind: ItemType;
  item: CourseSummary;
  discount: DiscountDto | null;
  /** The card, which the enroll button brings the focus to. */
  cardRef?: Ref<HTMLElement>;
}) {
  const lang = useLang();
  const { t } = useTranslation('catalog');
  const months = useAppConfig((s) => s.accessPeriodMonths);
  const salesPaused = useAppConfig((s) => s.salesPaused);
  const { add, feedback } = useAddToCart();
  const finalPrice = discountedPrice(item.price, discount);

  return (
    <section
      ref={cardRef}
      id="price-card"
      className="cat-price"
      tabIndex={-1}
      aria-labelledby="price-card-title"
    >
      <h2 id="price-card-title" className="cat-price__title">
        {t('detail.price.title')}
      </h2>
      {discount && (
        <p className="cat-price__deal">
          <span className="cat-badge cat-badge--deal">{discountLabel(t, discount)}</span>{' '}
          <span>{voucherText(discount.nameI18n, discount.name, lang)}</span>
        </p>
      )}
      <p className="cat-price__amount">
        <span className="cat-price__final" data-testid="final-price">
          {formatUsd(finalPrice)}
        </span>{' '}
        <span className="cat-price__currency">USD</span>
        {discount && (
          <s className="cat-price__original" data-testid="original-price">
            <span className="visually-hidden">{t('detail.price.original')} </span>
            {formatUsd(item.price)}
          </s>
        )}
      </p>
      <p className="cat-price__access">
        {t('detail.price.access', { count: months })} · {t('detail.price.oneOff')}
      </p>
      <IncludedInPlans kind={kind} id={item._id} />
      <h3 className="cat-price__subtitle">{t('detail.benefits.title')}</h3>
      <ul className="cat-benefits">
        {BENEFITS.map((b) => (
          <li key={b}>{t(`detail.benefits.${b}`)}</li>
        ))}
      </ul>
      {/* a form whose action React replays when it is sent before the page is hydrated: the
          tap is not lost while the page's code is on its way */}
      <form className="cat-price__form" action={() => add(toCartItem(kind, item, discount))}>
        <button
          type="submit"
          className="btn btn--primary btn--block cat-price__add"
          data-testid="add-to-cart"
        >
          {t('detail.price.addToCart')}
        </button>
      </form>
      <div className="cat-price__feedback" role="status" aria-live="polite">
        {feedback === 'added' && (
          <span className="cat-feedback cat-feedback--ok" data-testid="added-confirmation">
            ✓ {t('detail.price.added')}
          </span>
        )}
        {feedback === 'already' && (
          <span className="cat-feedback" data-testid="already-in-cart">
            {t('detail.price.already')}
          </span>
        )}
        {feedback && (
          <Link className="cat-feedback__link" to={salesPaused ? '/mantenimiento' : '/carrito'}>
            {t('detail.price.viewCart')}
          </Link>
        )}
      </div>
    </section>
  );
}
