import { useCallback, useEffect, useState } from 'react';
import type { PurchaseResult } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';
import { confirmPurchase, type PaymentRef } from '../../payment/paymentsApi';
import {
  purchaseCompleted,
  successView,
  successViewForError,
  type SuccessView,
} from '../../payment/outcome';

export type ConfirmationState =
  { view: 'processing' } | { view: SuccessView; result?: PurchaseResult };

/**
 * Registers the purchase of the payment the address names, once (the call is shared per payment,
 * so React StrictMode's second effect or a remount asks nothing again), and empties the cart when
 * access was given. `checkAgain()` asks once more (a payment still processing, a server error).
 */
export function usePurchaseConfirmation(ref: PaymentRef | null): {
  state: ConfirmationState;
  checkAgain: () => void;
} {
  const clearCart = useCartStore((s) => s.clear);
  const key = ref ? JSON.stringify(ref) : null;
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<{ key: string; state: ConfirmationState } | null>(null);
  const requestKey = key === null ? null : `${key}#${attempt}`;

  useEffect(() => {
    if (key === null || requestKey === null) return;
    let live = true;
    const paymentRef = JSON.parse(key) as PaymentRef;
    confirmPurchase(paymentRef, { fresh: attempt > 0 }).then(
      (result) => {
        if (purchaseCompleted(result)) clearCart();
        if (live) setDone({ key: requestKey, state: { view: successView(result), result } });
      },
      (error: unknown) => {
        console.error('the purchase could not be confirmed', error);
        if (live) setDone({ key: requestKey, state: { view: successViewForError(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [key, requestKey, attempt, clearCart]);

  const checkAgain = useCallback(() => setAttempt((a) => a + 1), []);
  const state: ConfirmationState =
    done && done.key === requestKey ? done.state : { view: 'processing' };
  return { state, checkAgain };
}
