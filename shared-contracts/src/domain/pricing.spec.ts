import {
  bestDiscountFor,
  cartTotal,
  discountedPrice,
  discountEndsAt,
  discountTargets,
  formatUsd,
  fromCents,
  isDiscountActive,
  roundUsd,
  toCents,
  type Discount,
} from './pricing.js';

const discount = (over: Partial<Discount> = {}): Discount => ({
  _id: 'd1',
  name: 'Bono',
  percentage: 0,
  amount: 0,
  startDate: '2025-01-01T00:00:00.000Z',
  endDate: '2025-01-31T23:59:59.999Z',
  active: true,
  type: 'course',
  targetItems: [{ _id: 'c1', title: 'Trapecio' }],
  ...over,
});

describe('cents', () => {
  it('converts both ways and rounds half up without float noise', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-0.001)).toBe(0);
    expect(Object.is(toCents(-0.001), -0)).toBe(false);
    expect(fromCents(1250)).toBe(12.5);
    expect(fromCents(99.6)).toBe(1);
    expect(roundUsd(10.126)).toBe(10.13);
  });
});

describe('formatUsd', () => {
  it.each([
    [12.5, '$12.50'],
    [0, '$0.00'],
    [0.1 + 0.2, '$0.30'],
    [1200, '$1,200.00'],
    [1234567.891, '$1,234,567.89'],
    [-3, '-$3.00'],
  ])('%p -> %p', (n, s) => {
    expect(formatUsd(n)).toBe(s);
  });
});

describe('discountedPrice', () => {
  it('applies a percentage', () => {
    expect(discountedPrice(100, { percentage: 20, amount: 0 })).toBe(80);
    expect(discountedPrice(49.99, { percentage: 15 })).toBe(42.49); // 42.4915
  });
  it('prefers the percentage over the amount', () => {
    expect(discountedPrice(100, { percentage: 10, amount: 50 })).toBe(90);
  });
  it('applies an amount, never below zero', () => {
    expect(discountedPrice(100, { percentage: 0, amount: 30 })).toBe(70);
    expect(discountedPrice(20, { percentage: 0, amount: 30 })).toBe(0);
  });
  it('keeps the price without a usable discount', () => {
    expect(discountedPrice(100, null)).toBe(100);
    expect(discountedPrice(100, undefined)).toBe(100);
    expect(discountedPrice(100, { percentage: 0, amount: 0 })).toBe(100);
    expect(discountedPrice(100, { percentage: -10, amount: -5 })).toBe(100);
    expect(discountedPrice(100, { percentage: Number.NaN, amount: null })).toBe(100);
  });
  it('caps the percentage at 100', () => {
    expect(discountedPrice(100, { percentage: 150 })).toBe(0);
    expect(discountedPrice(100, { percentage: 100 })).toBe(0);
  });
  it('rounds to cents', () => {
    expect(discountedPrice(10, { percentage: 33 })).toBe(6.7);
    expect(discountedPrice(9.999, null)).toBe(10);
  });
});

describe('cartTotal', () => {
  it('sums discounted prices with 2 decimals', () => {
    expect(cartTotal([])).toBe(0);
    expect(
      cartTotal([
        { price: 0.1, discount: null },
        { price: 0.2 },
        { price: 100, discount: { percentage: 25 } },
        { price: 50, discount: { percentage: 0, amount: 60 } },
      ]),
    ).toBe(75.3);
  });
});

describe('isDiscountActive', () => {
  const d = discount();
  it('is active within the window, both ends inclusive', () => {
    expect(isDiscountActive(d, '2025-01-01T00:00:00.000Z')).toBe(true);
    expect(isDiscountActive(d, new Date('2025-01-15T12:00:00Z'))).toBe(true);
    expect(isDiscountActive(d, Date.parse('2025-01-31T23:59:59.999Z'))).toBe(true);
  });
  it('is inactive outside the window', () => {
    expect(isDiscountActive(d, '2024-12-31T23:59:59.999Z')).toBe(false);
    expect(isDiscountActive(d, '2025-02-01T00:00:00.000Z')).toBe(false);
  });
  it('is inactive when switched off or with unreadable dates', () => {
    expect(isDiscountActive(discount({ active: false }), '2025-01-15T00:00:00Z')).toBe(false);
    expect(isDiscountActive(discount({ endDate: 'soon' }), '2025-01-15T00:00:00Z')).toBe(false);
    expect(isDiscountActive(d, 'now')).toBe(false);
  });
  it('treats a date-only end as the whole UTC day', () => {
    const dateOnly = discount({ startDate: '2025-01-01', endDate: '2025-01-31' });
    expect(discountEndsAt(dateOnly)).toBe(Date.parse('2025-01-31T23:59:59.999Z'));
    expect(isDiscountActive(dateOnly, '2025-01-31T23:59:59.999Z')).toBe(true);
    expect(isDiscountActive(dateOnly, '2025-02-01T00:00:00.000Z')).toBe(false);
    expect(discountEndsAt(d)).toBe(Date.parse(d.endDate));
  });
});

describe('discountTargets', () => {
  it('needs a matching type (or both) and the id in targetItems', () => {
    expect(discountTargets(discount(), { _id: 'c1', type: 'course' })).toBe(true);
    expect(discountTargets(discount(), { _id: 'c1', type: 'formation' })).toBe(false);
    expect(discountTargets(discount({ type: 'both' }), { _id: 'c1', type: 'formation' })).toBe(
      true,
    );
    expect(discountTargets(discount({ type: 'formation' }), { _id: 'c1', type: 'formation' })).toBe(
      true,
    );
    expect(discountTargets(discount(), { _id: 'c2', type: 'course' })).toBe(false);
  });
});

describe('bestDiscountFor', () => {
  const now = '2025-01-15T00:00:00Z';
  const item = { _id: 'c1', type: 'course' as const, price: 100 };

  it('returns the discount giving the lowest price', () => {
    const ten = discount({ _id: 'pct10', percentage: 10 });
    const thirty = discount({ _id: 'amt30', amount: 30 });
    const twenty = discount({ _id: 'pct20', percentage: 20 });
    expect(bestDiscountFor(item, [ten, thirty, twenty], now)?._id).toBe('amt30');
  });

  it('skips inactive, expired, untargeted and other-type vouchers', () => {
    const list = [
      discount({ _id: 'off', percentage: 90, active: false }),
      discount({ _id: 'old', percentage: 90, endDate: '2025-01-10T00:00:00Z' }),
      discount({ _id: 'other', percentage: 90, targetItems: [{ _id: 'c2', title: 'x' }] }),
      discount({ _id: 'formation', percentage: 90, type: 'formation' }),
      discount({ _id: 'ok', percentage: 5 }),
    ];
    expect(bestDiscountFor(item, list, now)?._id).toBe('ok');
  });

  it('keeps the first on a tie', () => {
    const a = discount({ _id: 'a', percentage: 50 });
    const b = discount({ _id: 'b', amount: 50, type: 'both' });
    expect(bestDiscountFor(item, [a, b], now)?._id).toBe('a');
  });

  it('returns null when nothing applies or nothing lowers the price', () => {
    expect(bestDiscountFor(item, [], now)).toBeNull();
    expect(bestDiscountFor(item, [discount()], now)).toBeNull();
    expect(bestDiscountFor({ ...item, price: 0 }, [discount({ percentage: 50 })], now)).toBeNull();
  });
});
