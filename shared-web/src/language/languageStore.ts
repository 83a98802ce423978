import { create } from 'zustand';
import { STORAGE_KEYS, type Lang } from '@circo/shared-contracts';
import { i18n, storedLang } from '../i18n/i18n';

interface LanguageState {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

function applyLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // storage full or blocked: the choice still holds for this page view
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** The chosen language (localStorage `lang`), applied to i18next and `<html lang>`. */
export const useLanguageStore = create<LanguageState>((set) => ({
  lang: storedLang(),
  setLang: (lang) => {
    applyLang(lang);
    set({ lang });
  },
}));

if (typeof document !== 'undefined')
  document.documentElement.lang = useLanguageStore.getState().lang;
