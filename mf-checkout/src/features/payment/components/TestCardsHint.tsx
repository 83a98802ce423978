import { useTranslation } from 'react-i18next';
import { TEST_CARDS } from '@circo/shared-contracts';
import { formatCardNumber } from '../cardValidation';

const CARDS = [
  { number: TEST_CARDS.success, key: 'cardSucceeds' },
  { number: TEST_CARDS.declined, key: 'cardDeclined' },
  { number: TEST_CARDS.requiresAction, key: 'cardAction' },
] as const;

/** The banner of the local test provider: nothing is charged, and the cards to try. */
export function TestCardsHint() {
  const { t } = useTranslation('checkout');
  return (
    <div className="co-testmode" data-testid="test-mode">
      <p className="co-testmode__badge">{t('payment.card.testMode')}</p>
      <p>{t('payment.card.testModeText')}</p>
      <p className="co-testmode__subtitle">{t('payment.card.testCards')}</p>
      <ul className="co-testmode__cards">
        {CARDS.map((c) => (
          <li key={c.key}>
            <code>{formatCardNumber(c.number)}</code> — {t(`payment.card.${c.key}`)}
          </li>
        ))}
      </ul>
      <p className="co-testmode__note">{t('payment.card.anyExpiry')}</p>
    </div>
  );
}
