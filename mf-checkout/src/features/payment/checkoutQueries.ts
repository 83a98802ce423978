// The checkout's query keys and queries on the shared TanStack Query client. Keys start with
// 'checkout'; the shared client drops them all when the session changes.
import { queryOptions } from '@tanstack/react-query';
import type { BillingDetails, CartItem, Lang } from '@circo/shared-contracts';
import { toApiError } from '@circo/shared-web';
import {
  confirmPurchase,
  createPaymentIntent,
  startSubscription,
  type PaymentRef,
} from './paymentsApi';

/** The cart's items as one key: other items need another PaymentIntent. */
export const itemsKey = (items: readonly CartItem[]) =>
  items
    .map((i) => `${i.type}:${i._id}`)
    .sort()
    .join(',');

export const checkoutKeys = {
  all: ['checkout'] as const,
  intent: (items: string, billing?: BillingDetails) =>
    ['checkout', 'intent', items, billing ?? null] as const,
  purchase: (ref: PaymentRef) => ['checkout', 'purchase', ref] as const,
  subscription: (planId: string, billing?: BillingDetails) =>
    ['checkout', 'subscription', planId, billing ?? null] as const,
};

const asApiError =
  <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
  async (...args: A): Promise<T> => {
    try {
      return await fn(...args);
    } catch (err) {
      throw toApiError(err);
    }
  };

export const checkoutQueries = {
  /**
   * The payment of these cart items, billed to `billing` when the buyer gave it (POST
   * /stripe/crear-payment-intent; another country is another tax, so another payment): kept while the page
   * shows them, dropped once it is left (a later visit starts again). The server answers the same
   * items with the same PaymentIntent, so a remount never charges twice.
   */
  intent: (items: readonly CartItem[], lang: Lang, billing?: BillingDetails) =>
    queryOptions({
      queryKey: checkoutKeys.intent(itemsKey(items), billing),
      queryFn: ({ signal }) => asApiError(createPaymentIntent)(items, lang, signal, billing),
      staleTime: Infinity,
      gcTime: 0,
    }),
  /**
   * The registration of a paid payment (the confirm call): asked once per payment and page view;
   * the payment form stores its answer here, so the success page does not ask again.
   */
  purchase: (ref: PaymentRef) =>
    queryOptions({
      queryKey: checkoutKeys.purchase(ref),
      queryFn: () => asApiError(confirmPurchase)(ref),
      staleTime: Infinity,
    }),
  /**
   * The first payment of a membership (POST /subscriptions), billed to `billing` when the student
   * gave it (another country is another tax, so another start), kept while the page shows it.
   */
  subscription: (planId: string, lang: Lang, billing?: BillingDetails) =>
    queryOptions({
      queryKey: checkoutKeys.subscription(planId, billing),
      queryFn: () => asApiError(startSubscription)(planId, lang, billing),
      staleTime: Infinity,
      gcTime: 0,
    }),
};
