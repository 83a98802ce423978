import type { Lang } from '@circo/shared-contracts';

const LOCALES: Record<Lang, string> = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR' };

/** "15 de noviembre de 2027", "15 November 2027", "15 novembre 2027". */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long' }).format(date);
}
