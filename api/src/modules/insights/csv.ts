import { stringify } from 'csv-stringify/sync';
import type { Lang } from '@circo/shared-contracts';

/** The locale's decimal mark, as the browsers and spreadsheets of that language write it. */
export const decimalMark = (lang: Lang): string =>
  new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/**
 * CSV for the spreadsheet of the admin's language (csv-stringify): a byte-order mark (so a
 * spreadsheet reads the accents as UTF-8), the header line in that language, the locale's
 * separator (";" where the decimal mark is a comma, as Excel and LibreOffice expect there),
 * numbers written with the locale's decimal mark and never quoted (a negative amount stays a
 * number), RFC 4180 quoting, CRLF line ends, and text cells that a spreadsheet would run as a
 * formula (=, +, -, @ ...) escaped with a quote (a student's name is the student's text).
 */
export function toCsv(
  header: string[],
  rows: Array<Array<string | number | null>>,
  lang: Lang,
): string {
  const mark = decimalMark(lang);
  return (
    '\uFEFF' +
    stringify([header, ...rows], {
      delimiter: mark === ',' ? ';' : ',',
      record_delimiter: 'windows',
      escape_formulas: true,
      cast: { number: (n) => (mark === '.' ? String(n) : String(n).replace('.', mark)) },
    })
  );
}

/** The exports' column names, per language. */
export const CSV_HEADERS = {
  sales: {
    es: ['periodo', 'ventas', 'bruto_usd', 'reembolsado_usd', 'neto_usd'],
    en: ['period', 'sales', 'gross_usd', 'refunded_usd', 'net_usd'],
    fr: ['période', 'ventes', 'brut_usd', 'remboursé_usd', 'net_usd'],
  },
  salesTotal: { es: 'total', en: 'total', fr: 'total' },
  students: {
    es: [
      'nombre',
      'apellido',
      'email',
      'registro',
      'productos_activos',
      'productos',
      'gastado_usd',
      'última_actividad',
    ],
    en: [
      'name',
      'surname',
      'email',
      'registered',
      'active_items',
      'items',
      'spent_usd',
      'last_activity',
    ],
    fr: [
      'prénom',
      'nom',
      'email',
      'inscription',
      'produits_actifs',
      'produits',
      'dépensé_usd',
      'dernière_activité',
    ],
  },
} as const satisfies Record<string, Record<Lang, string | readonly string[]>>;
