import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Testimonial } from '@circo/shared-contracts';
import { useSlidesPerView } from '../hooks/useSlidesPerView';

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The testimonials, 3 per slide (2 at <= 1024 px, 1 at <= 768 px), with previous/next buttons and
 * dots. Follows the WAI-ARIA carousel pattern: no auto-rotation, hidden slides are inert.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const { t } = useTranslation('catalog');
  const perView = useSlidesPerView();
  const [requested, setIndex] = useState(0);
  const slidesId = useId();
  const slides = chunk(testimonials, perView);
  const total = slides.length;
  // a change of width can leave fewer slides than the one asked for
  const index = Math.min(requested, Math.max(0, total - 1));
  if (total === 0) return null;

  const go = (i: number) => setIndex(((i % total) + total) % total);

  return (
    <section
      className="cat-carousel"
      aria-roledescription={t('home.testimonials.carousel')}
      aria-labelledby={`${slidesId}-title`}
      data-testid="testimonials"
    >
      <h2 id={`${slidesId}-title`} className="cat-section-title">
        {t('home.testimonials.title')}
      </h2>
      <div className="cat-carousel__viewport">
        <div
          id={slidesId}
          className="cat-carousel__track"
          aria-live="polite"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((slide, i) => (
            <div
              key={i}
              className="cat-carousel__slide"
              role="group"
              aria-roledescription={t('home.testimonials.slide')}
              aria-label={t('home.testimonials.slideLabel', { current: i + 1, total })}
              aria-hidden={i !== index}
              inert={i !== index}
              style={{ gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}
            >
              {slide.map((item) => (
                <figure key={`${item.name}-${item.text}`} className="cat-quote">
                  <blockquote>
                    <p>{item.text}</p>
                  </blockquote>
                  <figcaption>
                    <span className="cat-quote__avatar" aria-hidden="true">
                      {item.name.charAt(0)}
                    </span>
                    <span>
                      <strong>{item.name}</strong>
                      <span className="cat-quote__role">{item.role}</span>
                    </span>
                  </figcaption>
                </figure>
              ))}
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <div className="cat-carousel__controls">
          <button
            type="button"
            className="btn btn--ghost cat-carousel__arrow"
            aria-controls={slidesId}
            aria-label={t('home.testimonials.previous')}
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <div className="cat-carousel__dots">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                className="cat-carousel__dot"
                aria-controls={slidesId}
                aria-label={t('home.testimonials.goTo', { current: i + 1, total })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="btn btn--ghost cat-carousel__arrow"
            aria-controls={slidesId}
            aria-label={t('home.testimonials.next')}
            onClick={() => go(index + 1)}
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}
