/** The content languages of the product. Spanish is the default and the fallback. */
export const LANGUAGES = ['es', 'en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'es';

/** A value kept once per language, as every translatable field of the catalogue is. */
export type Localized<T = string> = Record<Lang, T>;

/** localStorage keys shared by every front end (spec section 1). */
export const STORAGE_KEYS = { lang: 'lang', token: 'token', cart: 'cart' } as const;

/**
 * A cookie the browser keeps while it holds a session token (`1`; never the token): the server
 * then hints the code of a signed-in page (My Courses) with its HTML, as it does for public pages.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A language the product supports, or the default one. */
export function toLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}
