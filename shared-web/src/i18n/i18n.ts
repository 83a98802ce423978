import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANG,
  LANGUAGES,
  STORAGE_KEYS,
  isLang,
  toLang,
  type Lang,
} from '@circo/shared-contracts';
import common from '../locales/common.json';

/**
 * The one i18next instance of the whole front end. shared-web is a Module Federation singleton,
 * so the shell and every remote use this same object; each app adds its own namespace.
 */
export const i18n = i18next.createInstance();

/**
 * The visitor's language: their choice in localStorage `lang`, else (a first visit) the one the
 * server picked for the page (`<html lang>`: the browser's Accept-Language), else Spanish.
 */
export function storedLang(): Lang {
  let stored: string | null | undefined;
  try {
    stored = globalThis.localStorage?.getItem(STORAGE_KEYS.lang);
  } catch {
    stored = null;
  }
  if (stored && isLang(stored)) return stored;
  const page = typeof document === 'undefined' ? null : document.documentElement.lang;
  return page && isLang(page) ? page : toLang(stored);
}

const resources: Resource = {};
for (const lang of LANGUAGES) resources[lang] = { common: common[lang] };

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initImmediate: false,
  returnNull: false,
} as Parameters<typeof i18n.init>[0]);

/** Adds an app's namespace (`shell`, `catalog`, ...) in the three languages. */
export function addTranslations(ns: string, bundles: Record<Lang, object>): void {
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, ns))
      i18n.addResourceBundle(lang, ns, bundles[lang], true, true);
  }
}
