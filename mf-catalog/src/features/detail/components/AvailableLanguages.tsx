import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';

/** The languages in which the item can be seen (from its `visible` flags). */
export function AvailableLanguages({ visible }: { visible: Partial<Record<Lang, boolean>> }) {
  const { t } = useTranslation('catalog');
  const langs = LANGUAGES.filter((l) => visible[l] !== false);
  if (langs.length === 0) return null;
  return (
    <div className="cat-langs">
      <span className="cat-langs__label">{t('detail.availableIn')}</span>
      <ul className="cat-langs__list" data-testid="available-languages">
        {langs.map((l) => (
          <li key={l} lang={l} className="cat-chip">
            {t(`nativeLanguages.${l}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
