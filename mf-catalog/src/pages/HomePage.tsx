import { useTranslation } from 'react-i18next';
import { useSiteContent } from '@circo/shared-web';
import { useCatalogMeta } from '../features/catalog/hooks/useCatalogMeta';
import { CategoryLinks } from '../features/home/components/CategoryLinks';
import { Hero } from '../features/home/components/Hero';
import { TestimonialCarousel } from '../features/home/components/TestimonialCarousel';

/** /: hero, the teacher's four paragraphs, three ways in, and the testimonials. */
export function HomePage() {
  const { t } = useTranslation('catalog');
  const content = useSiteContent();
  useCatalogMeta(t('pages.home.title'), content?.tagline);

  return (
    <div className="cat-home">
      <Hero title={content?.hero.title} subtitle={content?.hero.subtitle} />
      {content && content.paragraphs.length > 0 && (
        <section className="cat-intro" aria-label={t('home.introLabel')}>
          {content.paragraphs.map((p, i) => (
            <p key={i} className="cat-intro__item">
              {p}
            </p>
          ))}
        </section>
      )}
      <CategoryLinks />
      {content && <TestimonialCarousel testimonials={content.testimonials} />}
    </div>
  );
}
