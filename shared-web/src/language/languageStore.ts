import { create } from 'zustand';
import { STORAGE_KEYS, type Lang } from '@circo/shared-contracts';
import { i18n, storedLang } from '../i18n/i18n';
import { pageStore } from '../page/pageContext';

interface LanguageState {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

/**
 * The same choice as a cookie, so the server writes the site content of this language into the
 * next page it sends (api/src/web/html-bootstrap.ts); localStorage stays the source of truth.
 */
function langCookie(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${STORAGE_KEYS.lang}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
}

function applyLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // storage full or blocked: the choice still holds for this page view
  }
  langCookie(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** The chosen language (localStorage `lang`), applied to i18next and `<html lang>`. */
export const useLanguageStore = pageStore(
  create<LanguageState>((set) => ({
    lang: storedLang(),
    setLang: (lang) => {
      applyLang(lang);
      set({ lang });
    },
  })),
  // the page's language (a server renders each page in its own)
  (s, page) => (page ? { ...s, lang: page.lang } : s),
);

if (typeof document !== 'undefined') {
  document.documentElement.lang = useLanguageStore.getState().lang;
  langCookie(useLanguageStore.getState().lang);
}
