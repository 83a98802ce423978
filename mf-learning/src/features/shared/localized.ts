import { LANGUAGES, type Lang } from '@circo/shared-contracts';

type MaybeLocalized = Partial<Record<Lang, string | null>> | string | null | undefined;

/** The value in `lang`, or '' (the API blanks the languages an item is hidden in). */
export function inLang(value: MaybeLocalized, lang: Lang): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return value[lang] ?? '';
}

/** The value in `lang`, else in the first language that has one (a card hidden in `lang`). */
export function inLangOrAny(value: MaybeLocalized, lang: Lang): string {
  const own = inLang(value, lang);
  if (own || value == null || typeof value === 'string') return own;
  for (const l of LANGUAGES) if (value[l]) return value[l] ?? '';
  return '';
}

/** The language `inLangOrAny` takes its value from (`lang` itself when it has one). */
export function sourceLang(value: MaybeLocalized, lang: Lang): Lang {
  if (inLang(value, lang) || value == null || typeof value === 'string') return lang;
  return LANGUAGES.find((l) => value[l]) ?? lang;
}

/** A date in the reader's language: "12 de marzo de 2026". */
export function formatDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(iso));
}
