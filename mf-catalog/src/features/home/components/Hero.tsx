import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The home hero: the teacher's headline over a gradient, and the way to the formations. */
export function Hero({ title, subtitle }: { title?: string; subtitle?: string }) {
  const { t } = useTranslation('catalog');
  return (
    <section className="cat-hero" data-testid="hero">
      <div className="cat-hero__inner">
        <p className="cat-hero__eyebrow">{t('home.eyebrow')}</p>
        <h1 className="cat-hero__title">{title || t('pages.home.title')}</h1>
        {subtitle && <p className="cat-hero__subtitle">{subtitle}</p>}
        <Link to="/formaciones" className="btn btn--accent cat-hero__cta">
          {t('home.heroCta')}
        </Link>
      </div>
      <span className="cat-hero__ring" aria-hidden="true" />
    </section>
  );
}
