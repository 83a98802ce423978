import { useTranslation } from 'react-i18next';
import { excerpt } from '@circo/shared-contracts';
import { Spinner, useSiteContent } from '@circo/shared-web';
import { useCatalogMeta } from '../features/catalog/hooks/useCatalogMeta';

/** /nosotros: the teacher's biography and CV. */
export function AboutPage() {
  const { t } = useTranslation('catalog');
  const content = useSiteContent();
  const about = content?.about;
  useCatalogMeta(about?.title || t('pages.about.title'), excerpt(about?.biography[0] ?? '', 160));

  return (
    <div className="cat-page cat-about">
      <header className="cat-about__head">
        <span className="cat-about__mark" aria-hidden="true">
          ◎
        </span>
        <div>
          <p className="cat-eyebrow">{content?.siteName}</p>
          <h1>{about?.title || t('pages.about.title')}</h1>
        </div>
      </header>
      {!about ? (
        <Spinner />
      ) : (
        <div className="cat-about__body">
          <div className="cat-about__bio">
            {about.biography.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {about.cvUrl && (
            <aside className="panel cat-about__cv">
              <h2>{t('about.cvTitle')}</h2>
              <p>{t('about.cvText')}</p>
              <a className="btn btn--primary" href={about.cvUrl} download data-testid="cv-link">
                {t('about.cv')}
              </a>
            </aside>
          )}
        </div>
      )}
    </div>
  );
}
