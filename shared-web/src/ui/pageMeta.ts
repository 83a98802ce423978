import { useEffect } from 'react';

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
 * defaults in a layout effect, which runs before this passive effect).
 */
export function usePageMeta(meta: PageMeta, siteName: string): void {
  const { title, description, noindex } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, noindex }, siteName);
  }, [title, description, noindex, siteName]);
}
