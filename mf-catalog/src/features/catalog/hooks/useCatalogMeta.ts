import { usePageMeta, useSiteContent } from '@circo/shared-web';

/** The page's title and meta description in the current language, with the site name. */
export function useCatalogMeta(title: string | undefined, description?: string): void {
  const siteName = useSiteContent()?.siteName ?? 'Circo';
  usePageMeta({ title, description }, siteName);
}
