import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@circo/shared-contracts';
import { applyPageMeta, useSiteContent } from '@circo/shared-web';
import { Header } from './Header';
import { Footer } from './Footer';

export interface RouteHandle {
  route?: RouteDef;
  titleKey: string;
}

/** Header, footer, scroll to top on every path change, and each route's default title/robots. */
export function Layout() {
  const { t, i18n } = useTranslation('shell');
  const { pathname } = useLocation();
  const matches = useMatches();
  const content = useSiteContent();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const siteName = content?.siteName ?? 'Circo';

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // a layout effect runs before the pages' passive effects, so a page can refine the title
  useLayoutEffect(() => {
    applyPageMeta(
      {
        title: t(`titles.${handle?.titleKey ?? 'notFound'}`),
        description: content?.tagline ?? '',
        noindex: handle?.route?.noindex ?? false,
      },
      siteName,
    );
  }, [pathname, handle, t, i18n.language, content, siteName]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
