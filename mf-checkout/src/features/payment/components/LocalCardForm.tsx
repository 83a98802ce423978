import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, TextField, focusFirstInvalid } from '@circo/shared-web';
import {
  cardDigits,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardErrors,
  type CardFields,
} from '../cardValidation';
import { usePayment } from '../hooks/usePayment';
import { localCardStep } from '../outcome';
import { payWithTestCard } from '../paymentsApi';
import { TestCardsHint } from './TestCardsHint';
import { PayButton } from './PayButton';

/**
 * The local test provider's card form (no Stripe keys configured): clearly marked as test mode,
 * checked here before anything is sent, then charged by POST /stripe/local/confirm.
 */
export function LocalCardForm({
  paymentIntentId,
  amount,
}: {
  paymentIntentId: string;
  amount: number;
}) {
  const { t } = useTranslation('checkout');
  const { pay, processing, failure } = usePayment(paymentIntentId);
  const [fields, setFields] = useState<CardFields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (next: CardFields) => {
    setFields(next);
    // once the buyer tried to pay, errors follow the typing
    if (submitted) setErrors(validateCard(next));
  };
  const errorText = (field: keyof CardFields) =>
    errors[field] ? t(`payment.card.errors.${errors[field]}`) : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    setSubmitted(true);
    const found = validateCard(fields);
    setErrors(found);
    if (Object.keys(found).length) {
      // after React has marked the fields invalid
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    pay(async () =>
      localCardStep(
        await payWithTestCard({
          paymentIntentId,
          cardNumber: cardDigits(fields.cardNumber),
          expiry: fields.expiry,
          cvc: fields.cvc,
        }),
      ),
    );
  };

  return (
    <form
      ref={formRef}
      className="form co-card-form"
      noValidate
      onSubmit={onSubmit}
      data-testid="local-card-form"
    >
      <TestCardsHint />
      <TextField
        name="cardNumber"
        label={t('payment.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={fields.cardNumber}
        error={errorText('cardNumber')}
        onChange={(e) => update({ ...fields, cardNumber: formatCardNumber(e.target.value) })}
      />
      <div className="co-card-form__row">
        <TextField
          name="expiry"
          label={t('payment.card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('payment.card.expiryPlaceholder')}
          value={fields.expiry}
          error={errorText('expiry')}
          onChange={(e) =>
            update({ ...fields, expiry: formatExpiry(e.target.value, fields.expiry) })
          }
        />
        <TextField
          name="cvc"
          label={t('payment.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          placeholder="123"
          value={fields.cvc}
          error={errorText('cvc')}
          onChange={(e) => update({ ...fields, cvc: e.target.value.replace(/\D/g, '') })}
        />
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <PayButton processing={processing} amount={amount} />
    </form>
  );
}
