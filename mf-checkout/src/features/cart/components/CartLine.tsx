import { useTranslation } from 'react-i18next';
import { formatUsd } from '@circo/shared-contracts';
import { useAppConfig, useCartStore, useLanguageStore } from '@circo/shared-web';
import { formatDate } from '../formatDate';
import type { CartLineView } from '../lines';
import { LineImage } from './LineImage';

/**
 * One item: picture, title, final price, and with a voucher the original price struck through and
 * the voucher's name with its "N% OFF"; the access period it gives; a remove button.
 */
export function CartLine({ line }: { line: CartLineView }) {
  const { t } = useTranslation('checkout');
  const lang = useLanguageStore((s) => s.lang);
  const months = useAppConfig((s) => s.accessPeriodMonths);
  const remove = useCartStore((s) => s.remove);
  const { discount } = line;
  const off = discount
    ? discount.percentage > 0
      ? t('cart.percentOff', { percentage: discount.percentage })
      : t('cart.amountOff', { amount: formatUsd(discount.amount) })
    : null;

  return (
    <li className={`co-line${line.alreadyOwned ? ' co-line--owned' : ''}`} data-testid="cart-line">
      <LineImage src={line.image} />
      <div className="co-line__body">
        <p className="co-line__type">{t(`cart.type.${line.type}`)}</p>
        <h2 className="co-line__title">{line.title}</h2>
        {discount && (
          <p className="co-line__deal" data-testid="line-discount">
            <span className="co-badge">{off}</span> <span>{discount.name}</span>
          </p>
        )}
        <p className="co-line__access" data-testid="line-access">
          {t('cart.access', { count: months })}
          {line.accessEndsAt && (
            <> · {t('cart.accessUntil', { date: formatDate(line.accessEndsAt, lang) })}</>
          )}
        </p>
        {line.alreadyOwned && <p className="co-badge co-badge--owned">{t('cart.ownedBadge')}</p>}
      </div>
      <div className="co-line__side">
        <p className="co-line__price">
          <span className="co-line__final" data-testid="line-price">
            {formatUsd(line.price)} <small>USD</small>
          </span>
          {discount && (
            <s className="co-line__original" data-testid="line-original-price">
              <span className="visually-hidden">{t('cart.original')} </span>
              {formatUsd(line.listPrice)}
            </s>
          )}
        </p>
        <button
          type="button"
          className="btn btn--ghost co-line__remove"
          aria-label={t('cart.removeLabel', { title: line.title })}
          onClick={() => remove(line.id)}
        >
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}
