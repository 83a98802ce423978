import { stringify } from 'csv-stringify/sync';

/**
 * CSV for spreadsheets (csv-stringify): a header line, RFC 4180 quoting, CRLF line ends, and
 * cells that a spreadsheet would run as a formula (=, +, -, @ ...) escaped with a quote (a
 * student's name is the student's text).
 */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return stringify([header, ...rows], { record_delimiter: 'windows', escape_formulas: true });
}
