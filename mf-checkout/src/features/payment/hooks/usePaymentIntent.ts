import { useQuery } from '@tanstack/react-query';
import type { CartItem, PaymentIntentResponse } from '@circo/shared-contracts';
import { toResource, useLanguageStore, type Resource } from '@circo/shared-web';
import { checkoutQueries } from '../checkoutQueries';

/**
 * Starts the payment of the cart as soon as the page opens (spec: the card form appears once the
 * client secret is loaded), and again whenever the items change.
 */
export function usePaymentIntent(items: readonly CartItem[]): Resource<PaymentIntentResponse> {
  const lang = useLanguageStore((s) => s.lang);
  return toResource(
    useQuery({ ...checkoutQueries.intent(items, lang), enabled: items.length > 0 }),
  );
}
