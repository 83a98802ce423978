import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@circo/shared-contracts';
import { useCartStore, useLanguageStore } from '@circo/shared-web';
import { CartGateView } from '../features/cart/components/CartGateView';
import { CartLineList } from '../features/cart/components/CartLineList';
import { CartTotal } from '../features/cart/components/CartTotal';
import { TermsAcceptance } from '../features/cart/components/TermsAcceptance';
import { useCartGate } from '../features/cart/hooks/useCartGate';
import { cartLines, checkoutTotal } from '../features/cart/lines';

function Cart({ items }: { items: CartItem[] }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const lang = useLanguageStore((s) => s.lang);
  const clear = useCartStore((s) => s.clear);
  const [accepted, setAccepted] = useState(false);

  return (
    <div className="co-page" data-testid="cart-page">
      <h1 className="co-page__title">{t('cart.title')}</h1>
      <div className="co-layout">
        <CartLineList lines={cartLines(items, lang)} />
        <aside className="co-summary panel" aria-label={t('cart.summary')}>
          <CartTotal amount={checkoutTotal(items)} />
          <TermsAcceptance accepted={accepted} onChange={setAccepted} />
          <button
            type="button"
            className="btn btn--primary btn--block"
            data-testid="buy-button"
            disabled={!accepted}
            // the buyer accepted the terms here: the payment page starts with them accepted
            onClick={() => void navigate('/pago-embed', { state: { termsAccepted: true } })}
          >
            {t('cart.buy')}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={clear}>
            {t('cart.clear')}
          </button>
        </aside>
      </div>
    </div>
  );
}

/** /carrito: the items, their total, the terms, and the way to the payment. */
export function CartPage() {
  const gate = useCartGate();
  return gate.state === 'ready' ? <Cart items={gate.items} /> : <CartGateView gate={gate} />;
}
