import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'online', icon: '▶' },
  { key: 'downloadable', icon: '⤓' },
  { key: 'support', icon: '✉' },
] as const;

/** The three feature lines of a detail page: online, downloadable, support. */
export function FeatureList() {
  const { t } = useTranslation('catalog');
  return (
    <ul className="cat-features">
      {FEATURES.map(({ key, icon }) => (
        <li key={key} className="cat-feature">
          <span className="cat-feature__icon" aria-hidden="true">
            {icon}
          </span>
          <span>
            <strong>{t(`detail.features.${key}.title`)}</strong>
            <span className="cat-feature__text">{t(`detail.features.${key}.text`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
