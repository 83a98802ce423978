import { useCallback, useEffect, useState } from 'react';
import type { CartItem } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';

export type AddFeedback = 'added' | 'already' | null;

/** How long the add-to-cart confirmation stays (spec section 9). */
export const CONFIRMATION_MS = 2000;

/**
 * Adds a line to the shared cart (read by the shell's header and by mf-checkout) and shows a
 * confirmation for 2 seconds.
 *
 * The 2 seconds count from when the confirmation is on screen, not from the tap: `add` runs in
 * the form's action, a transition, which React may hold before it shows it (a tap made before the
 * page was hydrated, replayed while the rest of the page is still on its way). A timer started
 * at the tap could run out first, and the buyer would never see the confirmation.
 */
export function useAddToCart(): {
  add: (item: CartItem) => void;
  feedback: AddFeedback;
} {
  const addToCart = useCartStore((s) => s.add);
  // one object per tap: a second tap shows its own confirmation for its own 2 seconds
  const [shown, setShown] = useState<{ feedback: Exclude<AddFeedback, null> } | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const add = useCallback(
    (item: CartItem) => {
      setShown({ feedback: addToCart(item) ? 'added' : 'already' });
    },
    [addToCart],
  );
  return { add, feedback: shown?.feedback ?? null };
}
