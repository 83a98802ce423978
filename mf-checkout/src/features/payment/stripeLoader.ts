import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/** How long Stripe.js may take to load before the payment counts as not started. */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

const loads = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js for `publishableKey`, loaded once. `loadStripe` never settles when the script request
 * hangs, so it gets a timeout; a failure is not kept, so a retry loads again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe> {
  let p = loads.get(publishableKey);
  if (!p) {
    p = new Promise<Stripe>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Stripe.js did not load within ${STRIPE_LOAD_TIMEOUT_MS} ms`)),
        STRIPE_LOAD_TIMEOUT_MS,
      );
      loadStripe(publishableKey).then(
        (stripe) => {
          clearTimeout(timer);
          if (stripe) resolve(stripe);
          else reject(new Error('Stripe.js is not available'));
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
    loads.set(publishableKey, p);
    p.catch(() => loads.delete(publishableKey));
  }
  return p;
}
