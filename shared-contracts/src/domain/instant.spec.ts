import { toInstant } from './instant.js';

describe('toInstant', () => {
  it('reads Date, ISO string and epoch number alike', () => {
    const ms = Date.UTC(2025, 0, 2, 3, 4, 5);
    expect(toInstant(new Date(ms))).toBe(ms);
    expect(toInstant('2025-01-02T03:04:05.000Z')).toBe(ms);
    expect(toInstant(ms)).toBe(ms);
  });

  it('gives NaN for missing or unreadable values', () => {
    for (const v of [null, undefined, '', 'not a date', new Date('nope')]) {
      expect(toInstant(v)).toBeNaN();
    }
  });
});
