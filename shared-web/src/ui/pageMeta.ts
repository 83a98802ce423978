import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLanguageStore } from '../language/languageStore';

export interface PageMeta {
  title?: string;
  description?: string;
  noindex?: boolean;
}

function setMeta(name: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Writes the document title, meta description and robots tag. */
export function applyPageMeta(meta: PageMeta, siteName: string): void {
  if (meta.title !== undefined)
    document.title = meta.title ? `${meta.title} | ${siteName}` : siteName;
  if (meta.description !== undefined) setMeta('description', meta.description || null);
  if (meta.noindex !== undefined) setMeta('robots', meta.noindex ? 'noindex' : null);
}

/**
 * A page refines the title and description the shell set for its route (the shell writes its
 * defaults in a layout effect, which runs before this passive effect). It writes again after every
 * address or language change, since the shell then writes its defaults again (a slug corrected in
 * the address, a language switch that leaves the page title unchanged).
 */
export function usePageMeta(meta: PageMeta, siteName: string): void {
  const { title, description, noindex } = meta;
  const { pathname, search } = useLocation();
  const lang = useLanguageStore((s) => s.lang);
  useEffect(() => {
    applyPageMeta({ title, description, noindex }, siteName);
  }, [title, description, noindex, siteName, pathname, search, lang]);
}
