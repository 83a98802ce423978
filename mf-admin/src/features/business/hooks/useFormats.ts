import { useTranslation } from 'react-i18next';

/** Money (USD) and dates in the admin's language. */
export function useFormats() {
  const { i18n } = useTranslation('admin');
  const lang = i18n.language;
  const usd = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' });
  return {
    money: (n: number) => usd.format(n),
    date: (iso: string | null) =>
      iso ? new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' }) : '—',
    dateTime: (iso: string | null) =>
      iso ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }) : '—',
    /** A bucket's first day (YYYY-MM-DD, a calendar day: no time zone shift). */
    day: (ymd: string, month = false) =>
      new Date(`${ymd}T00:00:00Z`).toLocaleDateString(
        lang,
        month
          ? { timeZone: 'UTC', month: 'short', year: 'numeric' }
          : { timeZone: 'UTC', day: 'numeric', month: 'short' },
      ),
  };
}
