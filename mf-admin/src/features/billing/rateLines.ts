// The billing settings' rate tables as the admin types them: one `key=number` a line
// (`EE=24`, `2026-11=0.92`), a decimal comma accepted.

export interface ParsedLines {
  values: Record<string, number>;
  /** The lines that are not `key=number` with a key of the expected shape (1-based). */
  bad: number[];
}

export function parseRateLines(text: string, key: RegExp): ParsedLines {
  const values: Record<string, number> = {};
  const bad: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const m = /^([^=\s]+)\s*=\s*(-?\d+(?:[.,]\d+)?)$/.exec(line);
    const k = m?.[1].toUpperCase();
    if (!m || !k || !key.test(k)) return void bad.push(i + 1);
    values[k] = Number(m[2].replace(',', '.'));
  });
  return { values, bad };
}

export function rateLines(values: Record<string, number>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${k}=${values[k]}`)
    .join('\n');
}

export const COUNTRY_KEY = /^[A-Z]{2}$/;
export const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;
