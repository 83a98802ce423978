import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toEmbedUrl } from '@circo/shared-contracts';
import { Spinner, catalogQueries, toResource, useSiteContent } from '@circo/shared-web';
import { ItemGrid } from '../features/catalog/components/ItemCard';
import { LoadError } from '../features/catalog/components/LoadError';
import { VideoEmbed } from '../features/catalog/components/VideoEmbed';
import { useCatalogMeta } from '../features/catalog/hooks/useCatalogMeta';
import { useLang } from '../features/catalog/hooks/useLang';
import { PresentialCard } from '../features/formations/components/PresentialCard';
import { SectionAnchors } from '../features/formations/components/SectionAnchors';
import { useScrollToHash } from '../features/formations/hooks/useScrollToHash';

/** /formaciones: online formations, upcoming in-person trainings, and programmes for schools. */
export function FormationsPage() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const content = useSiteContent();
  const online = toResource(useQuery(catalogQueries.formations(lang)));
  const presential = toResource(useQuery(catalogQueries.presential(lang)));
  const cover = toEmbedUrl(content?.formationsCoverVideo);
  useCatalogMeta(t('pages.formations.title'), t('formations.intro'));
  useScrollToHash(`${online.status}${presential.status}${content ? 1 : 0}`);

  return (
    <div className="cat-page">
      <header className="cat-page__head cat-formations__head">
        <div>
          <h1>{t('pages.formations.title')}</h1>
          <p className="cat-lead">{t('formations.intro')}</p>
          <SectionAnchors />
        </div>
        {cover && <VideoEmbed src={cover} title={t('formations.coverVideo')} height={250} />}
      </header>

      <section id="online" className="cat-section" aria-labelledby="online-title">
        <h2 id="online-title" className="cat-section-title">
          {t('formations.online.title')}
        </h2>
        {online.status === 'loading' && <Spinner />}
        {online.status === 'error' && <LoadError onRetry={online.retry} />}
        {online.status === 'success' &&
          (online.data.length === 0 ? (
            <p className="cat-empty-line">{t('formations.online.empty')}</p>
          ) : (
            <ItemGrid
              items={online.data}
              kind="formation"
              label={t('formations.online.title')}
              headingLevel={3}
            />
          ))}
      </section>

      <section id="presencial" className="cat-section" aria-labelledby="presencial-title">
        <h2 id="presencial-title" className="cat-section-title">
          {t('formations.presential.title')}
        </h2>
        {presential.status === 'loading' && <Spinner />}
        {presential.status === 'error' && <LoadError onRetry={presential.retry} />}
        {presential.status === 'success' &&
          (presential.data.length === 0 ? (
            <p className="cat-empty-line" data-testid="presential-empty">
              {t('formations.presential.empty')}
            </p>
          ) : (
            <ul className="cat-events" aria-label={t('formations.presential.title')}>
              {presential.data.map((item) => (
                <PresentialCard key={item._id} item={item} lang={lang} />
              ))}
            </ul>
          ))}
      </section>

      <section id="escuelas" className="cat-section cat-schools" aria-labelledby="escuelas-title">
        <h2 id="escuelas-title" className="cat-section-title">
          {content?.schools.title || t('formations.anchors.escuelas')}
        </h2>
        {content?.schools.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {content?.contact.email && (
          <a className="btn btn--primary" href={`mailto:${content.contact.email}`}>
            {t('formations.schools.contact')}
          </a>
        )}
      </section>
    </div>
  );
}
