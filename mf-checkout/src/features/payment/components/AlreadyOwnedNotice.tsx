import { useTranslation } from 'react-i18next';
import type { ItemType } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';

/**
 * "You already had these courses/trainings in your account": they are not charged again, and the
 * buyer can take them out of the cart in one go.
 */
export function AlreadyOwnedNotice({
  owned,
}: {
  owned: ReadonlyArray<{ id: string; type: ItemType }>;
}) {
  const { t } = useTranslation('checkout');
  const remove = useCartStore((s) => s.remove);
  return (
    <div className="alert alert--info co-owned" role="status" data-testid="already-owned">
      <p className="co-owned__title">{t('payment.alreadyOwned')}</p>
      <p>{t('payment.alreadyOwnedText')}</p>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => owned.forEach((o) => remove(o.id))}
      >
        {t('payment.removeOwned')}
      </button>
    </div>
  );
}
