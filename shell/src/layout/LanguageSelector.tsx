import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLang } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';

export function LanguageSelector() {
  const { t } = useTranslation('shell');
  const lang = useLanguageStore((s) => s.lang);
  const setLang = useLanguageStore((s) => s.setLang);
  return (
    <label className="lang-select">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
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
