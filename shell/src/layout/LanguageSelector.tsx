import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLang } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';

export function LanguageSelector() {
  const { t } = useTranslation('shell');
  const lang = useLanguageStore((s) => s.lang);
  const setLang = useLanguageStore((s) => s.setLang);
  const select = useRef<HTMLSelectElement>(null);
  // A language chosen in the server's page before it was live: React does not replay that change
  // and leaves the list showing it, so the page takes it once hydrated.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && isLang(chosen) && chosen !== useLanguageStore.getState().lang) setLang(chosen);
  }, [setLang]);
  return (
    <label className="lang-select">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
        ref={select}
        value={lang}
        aria-label={t('nav.language')}
        data-testid="language-select"
        onChange={(e) => {
          if (isLang(e.target.value)) setLang(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {l.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
