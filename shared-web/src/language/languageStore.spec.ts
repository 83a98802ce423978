import { i18n, storedLang } from '../i18n/i18n';
import { useLanguageStore } from './languageStore';

describe('language store', () => {
  it('keeps the choice in localStorage `lang` and applies it to i18next and <html lang>', () => {
    useLanguageStore.getState().setLang('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('common:loading')).toBe('Loading...');
    expect(storedLang()).toBe('en');

    useLanguageStore.getState().setLang('fr');
    expect(i18n.t('common:retry')).toBe('Réessayer');
    expect(useLanguageStore.getState().lang).toBe('fr');
  });

  it('reads an unknown stored language as Spanish, the default', () => {
    document.documentElement.lang = '';
    localStorage.setItem('lang', 'de');
    expect(storedLang()).toBe('es');
    localStorage.removeItem('lang');
    expect(storedLang()).toBe('es');
  });

  it("takes the page's language (the server's pick on a first visit) when none is stored", () => {
    localStorage.removeItem('lang');
    document.documentElement.lang = 'fr';
    expect(storedLang()).toBe('fr');
    // a stored choice wins
    localStorage.setItem('lang', 'en');
    expect(storedLang()).toBe('en');
  });
});
