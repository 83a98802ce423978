// Prices are USD with 2 decimals on the wire and integer cents in the database.
// The API recomputes every charged price with these rules, so the
// UI and the charge can never disagree.
import type { ItemType } from '../api/catalog.js';
import { toInstant, type Instant } from './instant.js';

/** USD amount -> integer cents. Rounds half up after removing binary noise (1.005 -> 101). */
export function toCents(usd: number): number {
  return Math.round(Number((usd * 100).toPrecision(15))) + 0; // `+ 0` turns -0 into 0
}

/**
 * The highest price of a course or formation and the highest voucher amount (USD): far above any
 * real price, and 50 of them (a full cart) still fit the integer cents of a payment's total.
 */
export const PRICE_MAX_USD = 100_000;

/**
 * The smallest amount the card provider charges (Stripe: 0.50 USD). An item whose price, or whose
 * price after a voucher, is above 0 and below this could never be paid.
 */
export const CHARGE_MIN_USD = 0.5;

/** Integer cents -> USD amount. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Round a USD amount to cents. */
export function roundUsd(usd: number): number {
  return fromCents(toCents(usd));
}

/** "$12.50", "$1,200.00", "-$3.00". Fixed en-US style so every locale and the server agree. */
export function formatUsd(usd: number): string {
  const cents = toCents(usd);
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${whole}.${frac}`;
}

/** Only the two numbers of a discount that change a price. */
export interface PriceDiscount {
  percentage?: number | null;
  amount?: number | null;
}

/** A discount voucher (bono) as the API returns it (spec section 3, "Discount"). */
export interface Discount {
  _id: string;
  name: string;
  description?: string;
  /** 0 to 100; when above 0 it wins over `amount`. */
  percentage: number;
  /** USD taken off the price. */
  amount: number;
  /** ISO instant the voucher starts. */
  startDate: string;
  /** ISO instant the voucher ends, inclusive. A date-only value means the end of that UTC day. */
  endDate: string;
  active: boolean;
  type: 'course' | 'formation' | 'both';
  targetItems: Array<{ _id: string; title: string }>;
}

const positive = (n: number | null | undefined): number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;

/**
 * Spec rule: percentage above 0 -> price - price*pct/100; else amount above 0 ->
 * max(0, price - amount); else the price. Rounded to cents. A percentage above 100 (never valid
 * in a voucher) is treated as 100 so a price cannot go negative.
 */
export function discountedPrice(price: number, discount: PriceDiscount | null | undefined): number {
  const pct = Math.min(100, positive(discount?.percentage));
  const amount = positive(discount?.amount);
  if (pct > 0) return roundUsd(price - (price * pct) / 100);
  if (amount > 0) return roundUsd(Math.max(0, price - amount));
  return roundUsd(price);
}

/** Sum of the discounted prices, added in cents so floating noise cannot creep in. */
export function cartTotal(
  items: ReadonlyArray<{ price: number; discount?: PriceDiscount | null }>,
): number {
  const cents = items.reduce(
    (sum, item) => sum + toCents(discountedPrice(item.price, item.discount)),
    0,
  );
  return fromCents(cents);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * The last instant (ms) a discount applies. A date-only endDate ("2025-03-31", what a date input
 * gives) covers that whole UTC day instead of ending at its first millisecond.
 */
export function discountEndsAt(discount: Pick<Discount, 'endDate'>): number {
  const end = toInstant(discount.endDate);
  return DATE_ONLY.test(discount.endDate) ? end + DAY_MS - 1 : end;
}

/** Active flag set and now within [startDate, endDate], both ends inclusive. Bad dates -> false. */
export function isDiscountActive(
  discount: Pick<Discount, 'active' | 'startDate' | 'endDate'>,
  now: Instant,
): boolean {
  const t = toInstant(now);
  const start = toInstant(discount.startDate);
  const end = discountEndsAt(discount);
  return discount.active === true && t >= start && t <= end; // NaN compares false
}

/** A voucher applies to an item when its type matches (or is "both") and it lists the item. */
export function discountTargets(
  discount: Pick<Discount, 'type' | 'targetItems'>,
  item: { _id: string; type: ItemType },
): boolean {
  const typeOk = discount.type === 'both' || discount.type === item.type;
  return typeOk && discount.targetItems.some((t) => t._id === item._id);
}

/**
 * The active voucher targeting the item that gives the lowest price, or null. A voucher that
 * lowers nothing (0% and 0 USD, or a free item) is not returned, so no "0% OFF" label shows.
 * On a tie the first one in the list wins.
 */
export function bestDiscountFor<D extends Discount>(
  item: { _id: string; type: ItemType; price: number },
  discounts: readonly D[],
  now: Instant,
): D | null {
  let best: D | null = null;
  let bestPrice = roundUsd(item.price);
  for (const d of discounts) {
    if (!isDiscountActive(d, now) || !discountTargets(d, item)) continue;
    const p = discountedPrice(item.price, d);
    if (p < bestPrice) {
      best = d;
      bestPrice = p;
    }
  }
  return best;
}
