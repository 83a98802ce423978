import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import { STORAGE_KEYS, type CartItem } from '@circo/shared-contracts';
import { pageStore } from '../page/pageContext';

interface CartState {
  items: CartItem[];
  /** Adds the item unless it is already in the cart; returns whether it was added. */
  add: (item: CartItem) => boolean;
  remove: (id: string) => void;
  clear: () => void;
  has: (id: string) => boolean;
}

/**
 * The cart, kept in localStorage (spec section 1); read by mf-checkout, filled by any remote. The
 * server renders an empty cart: so does the page's hydration, then the stored one.
 */
export const useCartStore = pageStore(
  create<CartState>()(
    persist(
      (set, get) => ({
        items: [],
        add: (item) => {
          if (get().has(item._id)) return false;
          set({ items: [...get().items, item] });
          return true;
        },
        remove: (id) => set({ items: get().items.filter((i) => i._id !== id) }),
        clear: () => set({ items: [] }),
        has: (id) => get().items.some((i) => i._id === id),
      }),
      {
        name: STORAGE_KEYS.cart,
        storage: createJSONStorage(() => localStorage),
        partialize: (s) => ({ items: s.items }),
      },
    ),
  ),
  (s) => ({ ...s, items: [] }),
);
