import { eurAmount, eurRateOf } from './eur-rates.js';

describe('the USD to EUR rate of an invoice', () => {
  const rates = { '2026-09': 0.9, '2026-11': 0.93 };

  it("is its month's, else the latest month before it, else none", () => {
    expect(eurRateOf(rates, new Date('2026-11-30T23:59:59Z'))).toBe(0.93);
    expect(eurRateOf(rates, new Date('2026-10-15T00:00:00Z'))).toBe(0.9);
    expect(eurRateOf(rates, new Date('2027-02-01T00:00:00Z'))).toBe(0.93);
    expect(eurRateOf(rates, new Date('2026-08-31T00:00:00Z'))).toBeNull();
    expect(eurRateOf({}, new Date())).toBeNull();
  });

  it('converts cents, a credit note as the opposite of its invoice', () => {
    expect(eurAmount(1900, 0.93)).toBe(1767);
    expect(eurAmount(-1900, 0.93)).toBe(-1767);
    expect(eurAmount(1, 0.5)).toBe(1);
    expect(eurAmount(-1, 0.5)).toBe(-1);
    expect(eurAmount(0, 0.93)).toBe(0);
  });
});
