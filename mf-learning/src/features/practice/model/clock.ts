/** Milliseconds of a monotonic clock: performance.now() in the browser, a test's own in specs. */
export interface Clock {
  now(): number;
}

export const browserClock: Clock = { now: () => performance.now() };
