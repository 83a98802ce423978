import { countdown } from './countdown.js';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdown(NOW + 2 * D + 3 * H + 4 * M + 5 * S, NOW)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      ended: false,
    });
  });
  it('floors each unit (a part of a second left still shows 0 s, not ended)', () => {
    expect(countdown(NOW + 999, NOW)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      ended: false,
    });
    expect(countdown(NOW + D - 1, NOW)).toMatchObject({
      days: 0,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
  });
  it('has ended at the end instant and after it', () => {
    expect(countdown(NOW, NOW)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(countdown(NOW - 5 * S, NOW).ended).toBe(true);
  });
  it('accepts ISO strings and Dates, and treats an unreadable end as ended', () => {
    expect(countdown('2025-06-02T12:00:00.000Z', new Date(NOW))).toMatchObject({
      days: 1,
      hours: 0,
    });
    expect(countdown('soon', NOW).ended).toBe(true);
  });
});
