import { create } from 'zustand';
import type { Lang, SiteContent } from '@circo/shared-contracts';
import { api } from '../api/client';
import { pageStore } from '../page/pageContext';

interface SiteContentState {
  byLang: Partial<Record<Lang, SiteContent>>;
  load: (lang: Lang) => Promise<SiteContent | null>;
}

const inflight = new Map<Lang, Promise<SiteContent | null>>();

/** The teacher's site content per language, fetched once per language and shared by all apps. */
export const useSiteContentStore = pageStore(
  create<SiteContentState>((set, get) => ({
    byLang: {},
    load: (lang) => {
      const cached = get().byLang[lang];
      if (cached) return Promise.resolve(cached);
      let p = inflight.get(lang);
      if (!p) {
        p = api<SiteContent>('/content', { query: { lang } })
          .then((content) => {
            set({ byLang: { ...get().byLang, [lang]: content } });
            return content;
          })
          .catch((err: unknown) => {
            console.error('site content failed to load', err);
            return null;
          })
          .finally(() => inflight.delete(lang));
        inflight.set(lang, p);
      }
      return p;
    },
  })),
  // the page's content, in its language only (as its server had it)
  (s, page) => (page ? { ...s, byLang: page.content ? { [page.lang]: page.content } : {} } : s),
);
