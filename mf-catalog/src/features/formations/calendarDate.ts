const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date "YYYY-MM-DD" as a Date at UTC midnight, to be formatted in UTC: the day shown
 * is the day written, whatever the visitor's time zone. null when it cannot be read.
 */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  const m = ISO_DATE.exec(value ?? '');
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 de marzo de 2026", or a range "12–14 de marzo de 2026" (dateStyle long, per language). */
export function formatCalendarDates(
  lang: string,
  start: string | null | undefined,
  end?: string | null,
): string {
  const fmt = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  const from = parseCalendarDate(start);
  const to = parseCalendarDate(end);
  if (from && to && to.getTime() !== from.getTime()) return plainSpaces(fmt.formatRange(from, to));
  const one = from ?? to;
  return one ? plainSpaces(fmt.format(one)) : '';
}

/**
 * The same text whatever ICU formatted it: the server's (Node's) writes "May 3 – 5" with thin
 * spaces where a browser's may write plain ones, and the page the server sent is hydrated with
 * the browser's text.
 */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');
