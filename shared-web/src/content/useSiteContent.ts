import { useEffect } from 'react';
import type { SiteContent } from '@circo/shared-contracts';
import { useLanguageStore } from '../language/languageStore';
import { useSiteContentStore } from './siteContentStore';

/** The site content in the current language (null while loading or when it failed). */
export function useSiteContent(): SiteContent | null {
  const lang = useLanguageStore((s) => s.lang);
  const content = useSiteContentStore((s) => s.byLang[lang] ?? null);
  const load = useSiteContentStore((s) => s.load);
  useEffect(() => {
    if (!content) void load(lang);
  }, [content, lang, load]);
  return content;
}
