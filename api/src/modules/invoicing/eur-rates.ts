/**
 * The USD to EUR rate of an invoice's month, as the coach entered it (billing settings), else the
 * latest month before it that has one; null when none was entered yet.
 */
export function eurRateOf(rates: Record<string, number>, at: Date): number | null {
  const month = at.toISOString().slice(0, 7);
  if (rates[month] !== undefined) return rates[month];
  const before = Object.keys(rates)
    .filter((m) => m < month)
    .sort();
  const last = before.at(-1);
  return last === undefined ? null : rates[last];
}

/** Cents of USD in cents of EUR at `rate`, rounded half away from zero (a credit note mirrors its invoice). */
export function eurAmount(cents: number, rate: number): number {
  const exact = Number((Math.abs(cents) * rate).toFixed(6));
  return Math.sign(cents) * Math.round(exact);
}
