import { useTranslation } from 'react-i18next';
import { formatUsd } from '@circo/shared-contracts';

/** "Pagar" (with the amount beside it), or "Procesando..." while the provider confirms. */
export function PayButton({
  processing,
  amount,
  disabled = false,
}: {
  processing: boolean;
  amount: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('checkout');
  return (
    <button
      type="submit"
      className="btn btn--primary btn--block co-pay"
      disabled={processing || disabled}
      aria-busy={processing || undefined}
      data-testid="pay-button"
    >
      {processing ? (
        t('payment.processing')
      ) : (
        <>
          <span>{t('payment.pay')}</span>
          <span className="co-pay__amount">{formatUsd(amount)} USD</span>
        </>
      )}
    </button>
  );
}
