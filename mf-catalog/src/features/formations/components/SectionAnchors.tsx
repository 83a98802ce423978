import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export const SECTIONS = ['online', 'presencial', 'escuelas'] as const;

/** The three anchors at the top of /formaciones: online, in person, schools. */
export function SectionAnchors() {
  const { t } = useTranslation('catalog');
  return (
    <nav className="cat-anchors" aria-label={t('formations.anchors.label')}>
      <ul>
        {SECTIONS.map((id) => (
          <li key={id}>
            <Link to={{ hash: id }} className="cat-anchor" data-testid={`anchor-${id}`}>
              {t(`formations.anchors.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
