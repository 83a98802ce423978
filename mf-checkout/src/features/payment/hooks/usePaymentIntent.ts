import { useCallback, useEffect, useState } from 'react';
import type { CartItem, PaymentIntentResponse } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';
import { createPaymentIntent } from '../paymentsApi';

export type IntentState =
  | { status: 'loading' }
  | { status: 'ready'; intent: PaymentIntentResponse }
  | { status: 'error'; error: unknown };

/** The cart's items as one key: a change of items needs another PaymentIntent. */
export const itemsKey = (items: readonly CartItem[]) =>
  items
    .map((i) => `${i.type}:${i._id}`)
    .sort()
    .join(',');

/**
 * Starts the payment of the cart as soon as the page opens (spec: the card form appears once the
 * client secret is loaded), and again whenever the items change. `retry()` asks again after a
 * failure. Nothing is asked while `enabled` is false.
 */
export function usePaymentIntent(
  items: readonly CartItem[],
  enabled: boolean,
): IntentState & { retry: () => void } {
  const lang = useLanguageStore((s) => s.lang);
  const key = enabled && items.length ? `${itemsKey(items)}#` : null;
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: IntentState } | null>(null);
  const requestKey = key === null ? null : `${key}${attempt}`;

  useEffect(() => {
    if (requestKey === null) return;
    const controller = new AbortController();
    createPaymentIntent(items, lang, controller.signal).then(
      (intent) => setResult({ key: requestKey, state: { status: 'ready', intent } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('the payment could not be started', error);
        setResult({ key: requestKey, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // the request depends on which items are in the cart (the key), not on the array's identity,
    // and the receipt's language is the one of the moment the payment starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const state: IntentState =
    result && result.key === requestKey ? result.state : { status: 'loading' };
  return { ...state, retry };
}
