import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSiteContent } from '@circo/shared-web';
import { ReleaseDiagnostics } from '../federation/ReleaseDiagnostics';

export function Footer() {
  const { t } = useTranslation('shell');
  const content = useSiteContent();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__contact" aria-labelledby="lets-talk">
          <h2 id="lets-talk">{t('footer.letsTalk')}</h2>
          <p>{t('footer.contactIntro')}</p>
          {content && (
            <ul className="contact-list">
              <li>
                <span>{t('footer.email')}: </span>
                <a href={`mailto:${content.contact.email}`}>{content.contact.email}</a>
              </li>
              <li>
                <span>{t('footer.whatsapp')}: </span>
                <a
                  href={`https://wa.me/${content.contact.whatsapp}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {content.contact.whatsappDisplay}
                </a>
              </li>
            </ul>
          )}
        </section>
        <section className="site-footer__social" aria-labelledby="follow-me">
          <h2 id="follow-me">{t('footer.follow')}</h2>
          <ul className="social-list">
            {content?.social.map((s) => (
              <li key={s.network}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.network}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav className="site-footer__links" aria-label={t('nav.mainNav')}>
          <Link to="/cursos">{t('nav.courses')}</Link>
          <Link to="/formaciones">{t('nav.formations')}</Link>
          <Link to="/nosotros">{t('nav.about')}</Link>
          <Link to="/membresia">{t('nav.membership')}</Link>
        </nav>
      </div>
      <p className="site-footer__legal">
        © {year} {content?.siteName ?? ''}. {t('footer.rights')}
      </p>
      <ReleaseDiagnostics />
    </footer>
  );
}
