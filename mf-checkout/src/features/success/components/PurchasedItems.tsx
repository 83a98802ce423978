import { useTranslation } from 'react-i18next';
import type { PurchaseResult } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';
import { formatDate } from '../../cart/formatDate';
import { inLangOrEs } from '../../cart/lines';

/** What was bought, each with the date its access ends. */
export function PurchasedItems({ items }: { items: PurchaseResult['items'] }) {
  const { t } = useTranslation('checkout');
  const lang = useLanguageStore((s) => s.lang);
  if (!items.length) return null;
  return (
    <div className="co-bought">
      <h2 className="co-bought__title">{t('success.itemsTitle')}</h2>
      <ul className="co-bought__list" data-testid="purchased-items">
        {items.map((item) => (
          <li key={`${item.type}:${item.id}`}>
            <span className="co-bought__type">{t(`cart.type.${item.type}`)}</span>
            <span className="co-bought__name">{inLangOrEs(item.title, lang)}</span>
            <span className="co-bought__until">
              {t('success.accessUntil', { date: formatDate(item.accessEndsAt, lang) })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
