import { useTranslation } from 'react-i18next';
import { formatUsd } from '@circo/shared-contracts';

/** The total in USD with two decimals, a one-off payment. */
export function CartTotal({ amount }: { amount: number }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="co-total">
      <p className="co-total__row">
        <span>{t('cart.total')}</span>
        <span className="co-total__amount" data-testid="cart-total">
          {formatUsd(amount)} USD
        </span>
      </p>
      <p className="co-total__note">{t('cart.oneOff')}</p>
    </div>
  );
}
