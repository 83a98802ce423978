import fc from 'fast-check';
import { EU_VAT_STANDARD_RATES_BP } from './vat-rates.js';
import { normaliseVatId, splitLines, splitTax, taxFor, vatRateBp, type SellerTax } from './vat.js';

// the demo seller: a sole trader in Spain, registered for the Union OSS scheme
const seller: SellerTax = { country: 'ES', ossRegistered: true };

describe('the VAT of a sale, by the buyer', () => {
  it.each([
    ['DE', 1900, 'oss'],
    ['FR', 2000, 'oss'],
    ['ES', 2100, 'domestic'],
    ['FI', 2550, 'oss'],
  ])('a consumer in %s pays %i basis points (%s)', (country, rateBp, scheme) => {
    expect(taxFor(seller, { country })).toEqual({ rateBp, scheme, reverseCharge: false });
  });

  it('a buyer outside the EU pays no VAT', () => {
    expect(taxFor(seller, { country: 'US' })).toEqual({
      rateBp: 0,
      scheme: 'outside_eu',
      reverseCharge: false,
    });
    // a tax number outside the EU changes nothing
    expect(taxFor(seller, { country: 'US', vatId: 'US123' }).rateBp).toBe(0);
  });

  it('a German business with a VAT number pays 0%: reverse charge', () => {
    const vatId = normaliseVatId('DE', 'de 123 456 789');
    expect(vatId).toBe('DE123456789');
    expect(taxFor(seller, { country: 'DE', vatId })).toEqual({
      rateBp: 0,
      scheme: 'reverse_charge',
      reverseCharge: true,
    });
  });

  it("a business in the seller's own country pays the seller's VAT", () => {
    expect(taxFor(seller, { country: 'ES', vatId: 'ESB12345678' })).toEqual({
      rateBp: 2100,
      scheme: 'domestic',
      reverseCharge: false,
    });
  });

  it("without OSS, EU consumers of other states pay the seller's rate", () => {
    expect(taxFor({ ...seller, ossRegistered: false }, { country: 'DE' })).toEqual({
      rateBp: 2100,
      scheme: 'seller_rate',
      reverseCharge: false,
    });
  });

  it("the coach's override wins over the table", () => {
    expect(vatRateBp('DE', { DE: 16 })).toBe(1600);
    expect(taxFor({ ...seller, rateOverrides: { FR: 5.5 } }, { country: 'FR' }).rateBp).toBe(550);
    // a nonsense override is ignored
    expect(vatRateBp('DE', { DE: 140 })).toBe(1900);
  });

  it('knows the 27 member states', () => {
    expect(Object.keys(EU_VAT_STANDARD_RATES_BP)).toHaveLength(27);
  });
});

describe('VAT numbers', () => {
  it.each([
    ['DE', 'DE123456789', 'DE123456789'],
    ['DE', '123456789', 'DE123456789'],
    ['GR', '094014201', 'EL094014201'],
    ['GR', 'EL094014201', 'EL094014201'],
    ['FR', 'FR 40 303 265 045', 'FR40303265045'],
    ['NL', 'NL123456789B01', 'NL123456789B01'],
    ['ES', 'es-b12345678', 'ESB12345678'],
    ['AT', 'ATU12345678', 'ATU12345678'],
  ])('%s %s is %s', (country, raw, canonical) => {
    expect(normaliseVatId(country, raw)).toBe(canonical);
  });

  it.each([
    ['DE', 'DE12345678'],
    ['DE', 'FR40303265045'],
    ['DE', 'DE1234567890'],
    ['FR', 'hello'],
    ['US', '123456789'],
    ['DE', ''],
  ])('%s %s is refused', (country, raw) => {
    expect(normaliseVatId(country, raw)).toBeNull();
  });
});

describe('net and tax', () => {
  it('takes the tax out of a price that includes it', () => {
    expect(splitTax(11900, 1900, true)).toEqual({
      netCents: 10000,
      taxCents: 1900,
      totalCents: 11900,
    });
    expect(splitTax(4999, 2100, true)).toEqual({ netCents: 4131, taxCents: 868, totalCents: 4999 });
    // a 0% buyer pays the same price, all of it net
    expect(splitTax(4999, 0, true)).toEqual({ netCents: 4999, taxCents: 0, totalCents: 4999 });
  });

  it('adds the tax to a price that does not include it', () => {
    expect(splitTax(10000, 1900, false)).toEqual({
      netCents: 10000,
      taxCents: 1900,
      totalCents: 11900,
    });
    expect(splitTax(1, 2100, false)).toEqual({ netCents: 1, taxCents: 0, totalCents: 1 });
  });

  it('splits a credit note as the opposite of its invoice', () => {
    expect(splitTax(-4999, 2100, true)).toEqual({
      netCents: -4131,
      taxCents: -868,
      totalCents: -4999,
    });
  });

  it('sums lines split one by one', () => {
    const { lines, total } = splitLines([1000, 2000], 1900, true);
    expect(lines.map((l) => l.totalCents)).toEqual([1000, 2000]);
    expect(total).toEqual({ netCents: 840 + 1681, taxCents: 160 + 319, totalCents: 3000 });
  });

  const rates = [0, ...new Set(Object.values(EU_VAT_STANDARD_RATES_BP))];

  it('net + tax = total to the cent for every price from 0.01 to 9,999.99, at every rate', () => {
    // exhaustive: 999,999 prices at each rate of the table, prices including VAT (the tax taken
    // out of the price is where rounding could lose a cent; added tax is checked below)
    for (const rateBp of rates) {
      for (let cents = 1; cents <= 999_999; cents++) {
        const s = splitTax(cents, rateBp, true);
        if (s.netCents + s.taxCents !== cents || s.totalCents !== cents || s.taxCents < 0) {
          throw new Error(`${cents} cents at ${rateBp} bp does not add up`);
        }
      }
    }
  });

  it('the tax is the rate of the net, to the cent (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (cents, rateBp, included) => {
          const s = splitTax(cents, rateBp, included);
          // rounding of the tax taken out or added: within a cent of the exact rate of the net
          return (
            s.netCents + s.taxCents === s.totalCents &&
            s.netCents >= 0 &&
            s.taxCents >= 0 &&
            Math.abs(s.taxCents - (s.netCents * rateBp) / 10_000) <= 1
          );
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
