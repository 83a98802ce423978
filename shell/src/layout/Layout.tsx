import { useLayoutEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { matchRoute } from '@circo/shared-contracts';
import { applyPageMeta, useSiteContent } from '@circo/shared-web';
import { Header } from './Header';
import { Footer } from './Footer';
import { useRouteFocus } from './useRouteFocus';
import { OfflineBanner } from '../offline/OfflineBanner';
import { UpdateNotice } from '../offline/UpdateNotice';

/**
 * Header, footer, scroll to top and focus on the new page on every path change, and each route's
 * default title/robots.
 */
export function Layout() {
  const { t, i18n } = useTranslation('shell');
  const { pathname } = useLocation();
  // the page's route (none: the not-found page)
  const route = useMemo(() => matchRoute(pathname)?.route, [pathname]);
  const content = useSiteContent();
  const siteName = content?.siteName ?? 'Circo';
  const page = route ? content?.pages?.[route.id] : undefined;
  const mainRef = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(mainRef, pathname);

  // a new page starts at its top at once: not a glide from where the last one was left (the
  // page's smooth scrolling is for its anchors), which a scroll still under way could outlast
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  // a layout effect runs before the pages' passive effects, so a page can refine the title
  useLayoutEffect(() => {
    applyPageMeta(
      {
        // the public pages' texts of the content file, as the server wrote them in the head
        title: page?.title ?? t(`titles.${route?.id ?? 'notFound'}`),
        description: page?.description ?? content?.tagline ?? '',
        // the not-found page (no route) is not indexed either
        noindex: route ? (route.noindex ?? false) : true,
      },
      siteName,
    );
  }, [pathname, route, t, i18n.language, content, siteName, page]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <OfflineBanner />
      <UpdateNotice />
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
