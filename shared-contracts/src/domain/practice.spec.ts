import {
  isPracticeCountdown,
  isPracticeSpeed,
  practiceStreak,
  PRACTICE_SPEEDS,
  speedLabel,
} from './practice';

describe('practice rules', () => {
  it('lists the seven speeds from 0.25x to 2x and accepts only those', () => {
    expect(PRACTICE_SPEEDS).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 2]);
    expect(isPracticeSpeed(0.5)).toBe(true);
    expect(isPracticeSpeed(0.6)).toBe(false);
    expect(isPracticeSpeed('1')).toBe(false);
    expect(isPracticeCountdown(10)).toBe(true);
    expect(isPracticeCountdown(4)).toBe(false);
  });

  it('counts consecutive days ending today or yesterday', () => {
    expect(practiceStreak([], '2026-11-26')).toBe(0);
    expect(practiceStreak(['2026-11-26', '2026-11-25', '2026-11-24'], '2026-11-26')).toBe(3);
    // yesterday's streak still holds today
    expect(practiceStreak(['2026-11-25', '2026-11-24'], '2026-11-26')).toBe(2);
    // a gap breaks it
    expect(practiceStreak(['2026-11-26', '2026-11-24'], '2026-11-26')).toBe(1);
    expect(practiceStreak(['2026-11-23'], '2026-11-26')).toBe(0);
    // across a month end
    expect(practiceStreak(['2026-12-01', '2026-11-30'], '2026-12-01')).toBe(2);
  });
});

describe('a speed as the players write it', () => {
  it('uses the decimal mark of the language', () => {
    expect(speedLabel(0.25, 'es')).toBe('0,25×');
    expect(speedLabel(0.25, 'fr')).toBe('0,25×');
    expect(speedLabel(0.25, 'en')).toBe('0.25×');
    expect(speedLabel(1, 'es')).toBe('1×');
  });
});
