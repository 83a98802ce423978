import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@circo/shared-contracts';
import { applyPageMeta, useSiteContent } from '@circo/shared-web';
import { Header } from './Header';
import { Footer } from './Footer';
import { useRouteFocus } from './useRouteFocus';

export interface RouteHandle {
  route?: RouteDef;
  titleKey: string;
}

/**
 * Header, footer, scroll to top and focus on the new page on every path change, and each route's
 * default title/robots.
 */
export function Layout() {
  const { t, i18n } = useTranslation('shell');
  const { pathname } = useLocation();
  const matches = useMatches();
  const content = useSiteContent();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const siteName = content?.siteName ?? 'Circo';
  const page = handle?.route ? content?.pages?.[handle.route.id] : undefined;
  const mainRef = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(mainRef, pathname);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // a layout effect runs before the pages' passive effects, so a page can refine the title
  useLayoutEffect(() => {
    applyPageMeta(
      {
        // the public pages' texts of the content file, as the server wrote them in the head
        title: page?.title ?? t(`titles.${handle?.titleKey ?? 'notFound'}`),
        description: page?.description ?? content?.tagline ?? '',
        // the not-found page (no route) is not indexed either
        noindex: handle?.route ? (handle.route.noindex ?? false) : true,
      },
      siteName,
    );
  }, [pathname, handle, t, i18n.language, content, siteName, page]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main" ref={mainRef}>
        <Outlet />
      </main>
      <p className="visually-hidden" aria-live="polite" data-testid="route-announcer">
        {announcement}
      </p>
      <Footer />
    </div>
  );
}
