import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartItem } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';

export type AddFeedback = 'added' | 'already' | null;

/** How long the add-to-cart confirmation stays (spec section 9). */
export const CONFIRMATION_MS = 2000;

/**
 * Adds a line to the shared cart (read by the shell's header and by mf-checkout) and shows a
 * confirmation for 2 seconds.
 */
export function useAddToCart(): {
  add: (item: CartItem) => void;
  feedback: AddFeedback;
} {
  const addToCart = useCartStore((s) => s.add);
  const [feedback, setFeedback] = useState<AddFeedback>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const add = useCallback(
    (item: CartItem) => {
      setFeedback(addToCart(item) ? 'added' : 'already');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setFeedback(null), CONFIRMATION_MS);
    },
    [addToCart],
  );
  return { add, feedback };
}
