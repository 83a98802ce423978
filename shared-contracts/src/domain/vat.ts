// Which VAT a sale of online courses carries, by the buyer's country and status, and how an
// amount splits into net and tax. Pure rules, used by the API (checkout, invoices) and the cart.
import { EU_VAT_STANDARD_RATES_BP, isEuCountry, vatPrefixOf, type EuCountry } from './vat-rates.js';

/** What the seller's billing settings say about tax. */
export interface SellerTax {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Registered for the Union OSS scheme: EU consumers pay their own country's rate. */
  ossRegistered: boolean;
  /** Rates the coach set over the table, in percent (`{ EE: 24 }`). */
  rateOverrides?: Readonly<Record<string, number>>;
}

/** Who buys: the billing country, and a VAT number when a business buys. */
export interface BuyerTax {
  country: string;
  /** A VAT number already checked with `normaliseVatId` (null for a consumer). */
  vatId?: string | null;
}

/**
 * Why the rate is what it is (printed on the invoice):
 * - `domestic`: the buyer is in the seller's country (its rate, business or not);
 * - `oss`: an EU consumer of another member state, under the OSS scheme (their country's rate);
 * - `seller_rate`: an EU consumer of another member state, seller not in OSS (the seller's rate);
 * - `reverse_charge`: an EU business of another member state with a VAT number (0%: the buyer
 *   accounts for the VAT);
 * - `outside_eu`: a buyer outside the EU (0%: not subject to EU VAT).
 */
export type TaxScheme = 'domestic' | 'oss' | 'seller_rate' | 'reverse_charge' | 'outside_eu';

export interface TaxDecision {
  /** The rate in basis points: 1 900 is 19%. */
  rateBp: number;
  scheme: TaxScheme;
  reverseCharge: boolean;
}

/** A country's standard rate in basis points, the seller's override first; 0 outside the EU. */
export function vatRateBp(country: string, overrides?: Readonly<Record<string, number>>): number {
  const over = overrides?.[country];
  if (typeof over === 'number' && Number.isFinite(over) && over >= 0 && over <= 100) {
    return Math.round(over * 100);
  }
  return isEuCountry(country) ? EU_VAT_STANDARD_RATES_BP[country] : 0;
}

/** The VAT of a sale of electronically supplied services from `seller` to `buyer`. */
export function taxFor(seller: SellerTax, buyer: BuyerTax): TaxDecision {
  const overrides = seller.rateOverrides;
  if (buyer.country === seller.country) {
    return {
      rateBp: vatRateBp(seller.country, overrides),
      scheme: 'domestic',
      reverseCharge: false,
    };
  }
  if (!isEuCountry(buyer.country)) return { rateBp: 0, scheme: 'outside_eu', reverseCharge: false };
  if (buyer.vatId && isEuCountry(seller.country)) {
    return { rateBp: 0, scheme: 'reverse_charge', reverseCharge: true };
  }
  if (seller.ossRegistered || !isEuCountry(seller.country)) {
    return { rateBp: vatRateBp(buyer.country, overrides), scheme: 'oss', reverseCharge: false };
  }
  return {
    rateBp: vatRateBp(seller.country, overrides),
    scheme: 'seller_rate',
    reverseCharge: false,
  };
}

export interface TaxSplit {
  netCents: number;
  taxCents: number;
  totalCents: number;
}

/** a / b rounded half up, for non-negative integers (exact: no floating point). */
const divRound = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/**
 * Splits an amount in cents at `rateBp`. With prices including tax the amount is the total and
 * the net is what is left once the tax is taken out (a 0% buyer pays the same price, all of it
 * net); otherwise the amount is the net and the tax is added. Always net + tax = total.
 * A negative amount (a credit note) splits as its opposite, negated.
 */
export function splitTax(amountCents: number, rateBp: number, pricesIncludeTax: boolean): TaxSplit {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(rateBp) || rateBp < 0) {
    throw new RangeError('splitTax takes whole cents and a whole, non-negative rate');
  }
  if (amountCents < 0) {
    const s = splitTax(-amountCents, rateBp, pricesIncludeTax);
    return { netCents: -s.netCents, taxCents: -s.taxCents, totalCents: -s.totalCents };
  }
  if (pricesIncludeTax) {
    const netCents = divRound(amountCents * 10_000, 10_000 + rateBp);
    return { netCents, taxCents: amountCents - netCents, totalCents: amountCents };
  }
  const taxCents = divRound(amountCents * rateBp, 10_000);
  return { netCents: amountCents, taxCents, totalCents: amountCents + taxCents };
}

/** Splits several lines, each on its own (what an invoice prints), and sums them. */
export function splitLines(
  lineCents: readonly number[],
  rateBp: number,
  pricesIncludeTax: boolean,
): { lines: TaxSplit[]; total: TaxSplit } {
  const lines = lineCents.map((c) => splitTax(c, rateBp, pricesIncludeTax));
  const total = lines.reduce(
    (sum, l) => ({
      netCents: sum.netCents + l.netCents,
      taxCents: sum.taxCents + l.taxCents,
      totalCents: sum.totalCents + l.totalCents,
    }),
    { netCents: 0, taxCents: 0, totalCents: 0 },
  );
  return { lines, total };
}

/** The shape of each member state's VAT numbers after its prefix (VIES's published formats). */
const VAT_ID_BODY: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/**
 * A VAT number in its canonical form (`DE123456789`: the country's VIES prefix, no spaces, dots
 * or dashes, upper case), or null when it is not of a valid format for `country`. The prefix may
 * be left out by the buyer; a prefix of another country is refused. Only EU numbers are checked:
 * outside the EU a tax number changes nothing.
 */
export function normaliseVatId(country: string, raw: string): string | null {
  if (!isEuCountry(country)) return null;
  const compact = raw.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = vatPrefixOf(country);
  let body = compact;
  if (compact.startsWith(prefix)) body = compact.slice(prefix.length);
  else if (EU_PREFIXES.has(compact.slice(0, 2))) return null;
  return VAT_ID_BODY[country].test(body) ? `${prefix}${body}` : null;
}

const EU_PREFIXES = new Set(
  (Object.keys(EU_VAT_STANDARD_RATES_BP) as EuCountry[]).map((c) => vatPrefixOf(c)),
);

/** A rate in basis points as the percent the contract and the invoices show (1 900 -> 19). */
export const rateBpToPercent = (rateBp: number): number => rateBp / 100;
