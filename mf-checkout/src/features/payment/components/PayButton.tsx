import { useTranslation } from 'react-i18next';
import { formatUsd } from '@circo/shared-contracts';
import { SubmitButton } from '@circo/shared-web';

/** "Pagar" with the amount beside it, or "Procesando..." while the provider confirms. */
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
    <SubmitButton
      block
      className="co-pay"
      busy={processing}
      busyLabel={t('payment.processing')}
      disabled={disabled}
      data-testid="pay-button"
    >
      <span>{t('payment.pay')}</span>
      <span className="co-pay__amount">{formatUsd(amount)} USD</span>
    </SubmitButton>
  );
}
