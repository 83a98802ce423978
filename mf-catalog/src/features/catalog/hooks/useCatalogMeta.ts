import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { applyPageMeta, useLanguageStore, useSiteContent } from '@circo/shared-web';

/**
 * The page's title and meta description in the current language, with the site name.
 * Like shared-web's usePageMeta, but it also re-applies after every address or language change:
 * the shell writes its route defaults in a layout effect on those changes (a slug replaced in the
 * address, a language switch), which would otherwise overwrite an unchanged page title.
 */
export function useCatalogMeta(title: string | undefined, description?: string): void {
  const siteName = useSiteContent()?.siteName ?? 'Circo';
  const { pathname, search } = useLocation();
  const lang = useLanguageStore((s) => s.lang);
  useEffect(() => {
    applyPageMeta({ title, description }, siteName);
  }, [title, description, siteName, pathname, search, lang]);
}
