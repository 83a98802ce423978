import type { Localized } from '../languages.js';
import type { ItemType } from './catalog.js';

/** A cart line as kept in localStorage (spec section 3, "Cart item"). */
export interface CartItem {
  _id: string;
  type: ItemType;
  title: Localized;
  image: Localized;
  /** Base price, USD. */
  price: number;
  discount: { name: string; percentage: number; amount?: number } | null;
}
