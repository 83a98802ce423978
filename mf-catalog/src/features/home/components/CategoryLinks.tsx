import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

const CATEGORIES = [
  { key: 'courses', to: '/cursos', icon: '◔' },
  { key: 'formations', to: '/formaciones', icon: '◎' },
  { key: 'schools', to: '/formaciones#escuelas', icon: '⌂' },
] as const;

/** Three ways in: short courses, full programmes, programmes for professional schools. */
export function CategoryLinks() {
  const { t } = useTranslation('catalog');
  return (
    <section className="cat-categories" aria-labelledby="categories-title">
      <h2 id="categories-title" className="cat-section-title">
        {t('home.categories.title')}
      </h2>
      <ul className="cat-categories__list">
        {CATEGORIES.map(({ key, to, icon }) => (
          <li key={key}>
            <Link to={to} className="cat-category" data-testid={`category-${key}`}>
              <span className="cat-category__icon" aria-hidden="true">
                {icon}
              </span>
              <span className="cat-category__title">{t(`home.categories.${key}.title`)}</span>
              <span className="cat-category__text">{t(`home.categories.${key}.text`)}</span>
              <span className="cat-category__go" aria-hidden="true">
                {t('home.categories.go')} →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
