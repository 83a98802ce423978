import { accessEndsAt } from './access-period.js';

describe('accessEndsAt', () => {
  it('adds calendar months, keeping the time of day', () => {
    expect(accessEndsAt('2026-03-15T10:30:00Z', 12).toISOString()).toBe('2027-03-15T10:30:00.000Z');
    expect(accessEndsAt('2026-11-30T00:00:00Z', 6).toISOString()).toBe('2027-05-30T00:00:00.000Z');
  });

  it('clamps to the end of a shorter month', () => {
    expect(accessEndsAt('2026-01-31T12:00:00Z', 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(accessEndsAt('2027-01-31T12:00:00Z', 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(accessEndsAt('2028-01-31T12:00:00Z', 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });

  it('goes back with negative months', () => {
    expect(accessEndsAt('2026-03-31T00:00:00Z', -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
