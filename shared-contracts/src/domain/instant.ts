// Dates cross the wire as ISO strings but the UI often holds Date objects: every time rule
// accepts any of the three forms and works on epoch milliseconds.
export type Instant = Date | string | number;

/** Epoch milliseconds of a Date, ISO string or epoch number; NaN when it cannot be read. */
export function toInstant(value: Instant | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}
