// What each cart line shows: the cart's own data (title, image, the price seen in the catalogue)
// until the server has priced the payment, then the server's prices, discount and access end.
import {
  DEFAULT_LANG,
  cartTotal,
  discountedPrice,
  type CartItem,
  type ItemType,
  type Lang,
  type PaymentIntentResponse,
} from '@circo/shared-contracts';

export interface LineDiscount {
  name: string;
  percentage: number;
  amount: number;
}

export interface CartLineView {
  id: string;
  type: ItemType;
  title: string;
  /** '' when the item has no image in the language or in Spanish: a placeholder is drawn. */
  image: string;
  /** What is charged, USD. */
  price: number;
  /** Before the discount, USD. */
  listPrice: number;
  discount: LineDiscount | null;
  /** When access bought now would end (ISO), once the server has priced the payment. */
  accessEndsAt: string | null;
  /** The buyer already has active access: left out of the payment. */
  alreadyOwned: boolean;
}

type PerLang = Partial<Record<Lang, string | null>> | string | null | undefined;

/** The text in `lang`, else in Spanish (the fallback language), else ''. */
export function inLangOrEs(value: PerLang, lang: Lang): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return value[lang] || value[DEFAULT_LANG] || '';
}

/** A discount that lowers nothing (0% and 0 USD) is not shown. */
function shownDiscount(d: CartItem['discount'] | undefined): LineDiscount | null {
  if (!d) return null;
  const percentage = d.percentage > 0 ? d.percentage : 0;
  const amount = d.amount && d.amount > 0 ? d.amount : 0;
  return percentage || amount ? { name: d.name, percentage, amount } : null;
}

type Quote = Pick<PaymentIntentResponse, 'items' | 'alreadyOwned'>;

export function cartLines(items: readonly CartItem[], lang: Lang, quote?: Quote): CartLineView[] {
  return items.map((item) => {
    const quoted = quote?.items.find((q) => q.id === item._id && q.type === item.type);
    const owned = !!quote?.alreadyOwned.some((o) => o.id === item._id && o.type === item.type);
    const discount = shownDiscount(quoted ? quoted.discount : item.discount);
    return {
      id: item._id,
      type: item.type,
      title: inLangOrEs(quoted?.title ?? item.title, lang) || inLangOrEs(item.title, lang),
      image: inLangOrEs(item.image, lang),
      price: quoted ? quoted.price : discountedPrice(item.price, item.discount),
      listPrice: quoted ? quoted.listPrice : item.price,
      discount,
      accessEndsAt: quoted?.accessEndsAt ?? null,
      alreadyOwned: owned,
    };
  });
}

/** The server's amount once it priced the payment, else the sum of the cart's prices. */
export function checkoutTotal(items: readonly CartItem[], quote?: { amount: number }): number {
  return quote ? quote.amount : cartTotal(items);
}
