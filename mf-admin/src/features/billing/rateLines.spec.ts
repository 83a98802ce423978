import { COUNTRY_KEY, MONTH_KEY, parseRateLines, rateLines } from './rateLines';

describe('rate lines', () => {
  it('reads one key=number a line, a decimal comma too', () => {
    expect(parseRateLines('ee=24\n\n FR = 5,5 ', COUNTRY_KEY)).toEqual({
      values: { EE: 24, FR: 5.5 },
      bad: [],
    });
    expect(parseRateLines('2026-11=0.92', MONTH_KEY).values).toEqual({ '2026-11': 0.92 });
  });

  it('names the lines it cannot read', () => {
    expect(parseRateLines('EE=24\nGermany=19\nFR=\n2026-13=1', COUNTRY_KEY).bad).toEqual([2, 3, 4]);
    expect(parseRateLines('2026-13=1', MONTH_KEY).bad).toEqual([1]);
  });

  it('writes them back sorted', () => {
    expect(rateLines({ FR: 5.5, EE: 24 })).toBe('EE=24\nFR=5.5');
  });
});
