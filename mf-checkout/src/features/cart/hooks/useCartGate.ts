import type { CartItem } from '@circo/shared-contracts';
import { useAppConfig, useCartStore, useSessionStore } from '@circo/shared-web';

export type CartGate =
  | { state: 'salesPaused' }
  | { state: 'loading' }
  | { state: 'login' }
  | { state: 'empty' }
  | { state: 'ready'; items: CartItem[] };

/**
 * What /carrito and /pago-embed can show (spec section 4, "Cart"): while sales are paused they
 * lead to /mantenimiento; a visitor is asked to log in; then empty or the items.
 */
export function useCartGate(): CartGate {
  const salesPaused = useAppConfig((s) => s.salesPaused);
  const session = useSessionStore((s) => s.status);
  const items = useCartStore((s) => s.items);
  if (salesPaused) return { state: 'salesPaused' };
  if (session === 'loading') return { state: 'loading' };
  if (session === 'anonymous') return { state: 'login' };
  if (items.length === 0) return { state: 'empty' };
  return { state: 'ready', items };
}
