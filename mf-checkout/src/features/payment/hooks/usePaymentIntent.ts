import { useQuery } from '@tanstack/react-query';
import type { BillingDetails, CartItem, PaymentIntentResponse } from '@circo/shared-contracts';
import { toResource, useLanguageStore, type Resource } from '@circo/shared-web';
import { checkoutQueries } from '../checkoutQueries';

/**
 * Starts the payment of the cart as soon as the page opens (spec: the card form appears once the
 * client secret is loaded), and again whenever the items or the billing details change.
 */
export function usePaymentIntent(
  items: readonly CartItem[],
  billing?: BillingDetails,
): Resource<PaymentIntentResponse> {
  const lang = useLanguageStore((s) => s.lang);
  return toResource(
    useQuery({ ...checkoutQueries.intent(items, lang, billing), enabled: items.length > 0 }),
  );
}
