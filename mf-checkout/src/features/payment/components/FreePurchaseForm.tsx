import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, SubmitButton } from '@circo/shared-web';
import { usePayment } from '../hooks/usePayment';

/** Nothing to charge: confirming registers the purchase. */
const noCharge = () => Promise.resolve({ kind: 'confirm' } as const);

/**
 * The payment area when vouchers make the whole cart free (a scholarship): no card form; one
 * button registers the purchase, and the buyer goes to /pago-exitoso as after a card payment.
 */
export function FreePurchaseForm({ paymentIntentId }: { paymentIntentId: string }) {
  const { t } = useTranslation('checkout');
  const payment = usePayment(paymentIntentId);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    payment.pay(noCharge);
  };
  return (
    <form className="form co-free-form" onSubmit={onSubmit} data-testid="free-purchase-form">
      <p>{t('payment.free.text')}</p>
      {payment.failure && <Alert tone="error">{payment.failure}</Alert>}
      <SubmitButton
        block
        className="co-pay"
        busy={payment.processing}
        busyLabel={t('payment.processing')}
        data-testid="free-purchase-button"
      >
        {t('payment.free.confirm')}
      </SubmitButton>
    </form>
  );
}
