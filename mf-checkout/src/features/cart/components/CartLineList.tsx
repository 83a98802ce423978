import { useTranslation } from 'react-i18next';
import type { CartLineView } from '../lines';
import { CartLine } from './CartLine';

export function CartLineList({ lines }: { lines: CartLineView[] }) {
  const { t } = useTranslation('checkout');
  return (
    <ul className="co-lines" aria-label={t('cart.itemsLabel')}>
      {lines.map((line) => (
        <CartLine key={`${line.type}:${line.id}`} line={line} />
      ))}
    </ul>
  );
}
