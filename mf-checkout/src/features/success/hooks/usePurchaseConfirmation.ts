import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PurchaseResult } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';
import { checkoutQueries } from '../../payment/checkoutQueries';
import {
  purchaseCompleted,
  successView,
  successViewForError,
  type SuccessView,
} from '../../payment/outcome';
import type { PaymentRef } from '../../payment/paymentsApi';

export type ConfirmationState =
  { view: 'processing' } | { view: SuccessView; result?: PurchaseResult };

/**
 * Registers the purchase of the payment the address names, once: the query is shared per payment
 * (React StrictMode's second effect or a remount asks nothing again, and after the payment form's
 * own confirm call nothing at all). Empties the cart when access was given. `checkAgain()` asks
 * once more (a payment still processing, a server error).
 */
export function usePurchaseConfirmation(ref: PaymentRef | null): {
  state: ConfirmationState;
  checkAgain: () => void;
} {
  const clearCart = useCartStore((s) => s.clear);
  const query = useQuery({
    ...checkoutQueries.purchase(ref ?? { paymentIntentId: '' }),
    enabled: ref !== null,
  });
  const completed = query.data !== undefined && purchaseCompleted(query.data);

  useEffect(() => {
    if (completed) clearCart();
  }, [completed, clearCart]);

  let state: ConfirmationState = { view: 'processing' };
  if (query.isFetching) state = { view: 'processing' };
  else if (query.isError) state = { view: successViewForError(query.error) };
  else if (query.data) state = { view: successView(query.data), result: query.data };
  return { state, checkAgain: () => void query.refetch() };
}
