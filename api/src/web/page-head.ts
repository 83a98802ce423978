import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LANG,
  LANGUAGES,
  excerpt,
  slugOrDefault,
  type CourseSummary,
  type Lang,
} from '@circo/shared-contracts';
import type { ItemAnswer } from './first-screen.js';
import type { ServerPage } from './page-context.js';

/**
 * What the server puts in the `<head>` of each page it sends: the status (404 for an
 * address no route matches, or an item that does not exist), title, description, canonical URL,
 * hreflang alternates, robots and Open Graph tags.
 *
 * Languages in addresses: the language a visitor picked lives in localStorage (spec section 1),
 * which a crawler does not have, so each language of a page has its own address: Spanish (the
 * default) is the bare path, English and French add `?lang=en` / `?lang=fr`. The shell honours
 * `?lang=` on load (it switches to that language and drops the parameter from the address).
 *
 * Texts come from what the page read once for everything it sends (page-context.ts): the site
 * content of its language and, for a course or formation, the app's own public, cached answer
 * (`/api/courses/{id}`, `/api/formations/visible/{id}`) injected in-process, so a page view costs
 * no database query once the catalogue cache holds the answer.
 */

export interface PageHead {
  status: 200 | 404;
  lang: Lang;
  siteName: string;
  title: string;
  description: string;
  /** Absolute URL; null on a 404 or a page that is not indexed. */
  canonical: string | null;
  /** Absolute URL per language the page exists in (empty when not indexed). */
  alternates: Partial<Record<Lang, string>>;
  noindex: boolean;
  ogType: 'website' | 'product';
  image: string | null;
}

const OG_LOCALE: Record<Lang, string> = { es: 'es_ES', en: 'en_US', fr: 'fr_FR' };

/** The address of `path` in `lang`: Spanish bare, the others with `?lang=`. */
export function localizedUrl(origin: string, path: string, lang: Lang): string {
  return `${origin}${path}${lang === DEFAULT_LANG ? '' : `?lang=${lang}`}`;
}

/** The public pages a sitemap lists and crawlers index (no parameters, not noindex). */
export const INDEXED_PAGES = ['home', 'courses', 'formations', 'about', 'membership'] as const;

type Json = Record<string, unknown>;

/** GETs one of the app's own public answers in-process; null when it is not a 200. */
export async function getOwn<T>(
  fastify: FastifyInstance,
  url: string,
): Promise<{ status: number; body: T | null }> {
  const res = await fastify.inject({ method: 'GET', url });
  if (res.statusCode !== 200) return { status: res.statusCode, body: null };
  return { status: 200, body: res.json<T>() };
}

function absolute(origin: string, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${origin}${url}` : null;
}

/**
 * The head of `page` (page-context.ts), from what the page already read: its route, language,
 * site content and, for a detail page, the item's answer. It reads nothing itself.
 */
export function pageHead(page: ServerPage, origin: string): PageHead {
  const { lang, content } = page.context;
  const siteName = content?.siteName ?? 'Circo';
  const tagline = content?.tagline ?? '';
  const base: PageHead = {
    status: 200,
    lang,
    siteName,
    title: siteName,
    description: tagline,
    canonical: null,
    alternates: {},
    noindex: true,
    ogType: 'website',
    image: null,
  };
  if (!page.match) return { ...base, status: 404 };
  const { route } = page.match;
  // a certificate code that is not one, or that no certificate has: the page says not found
  if (route.id === 'certificate' && (page.item?.status === 404 || page.item?.status === 400)) {
    return { ...base, status: 404 };
  }
  if (route.noindex || route.access) return base;

  const texts = content?.pages?.[route.id];
  const indexed = (path: string, langs: readonly Lang[] = LANGUAGES): PageHead => ({
    ...base,
    title: texts?.title ? `${texts.title} | ${siteName}` : siteName,
    description: texts?.description ?? tagline,
    canonical: localizedUrl(origin, path, lang),
    alternates: Object.fromEntries(
      langs.map((l) => [l, localizedUrl(origin, path, l)]),
    ) as PageHead['alternates'],
    noindex: false,
  });

  if (route.id === 'courseDetail' || route.id === 'formationDetail') {
    try {
      return itemHead(route.id, page.item, origin, base);
    } catch {
      // an answer of an unexpected shape: the page is shown, not indexed
      return base;
    }
  }
  if (route.id === 'search') {
    // every term is a page of its own: the search page is not indexed
    return { ...indexed('/buscar'), canonical: null, alternates: {}, noindex: true };
  }
  if (route.id === 'cart' || route.id === 'checkout' || route.id === 'maintenance') return base;
  return indexed(route.path);
}

function itemHead(
  kind: 'courseDetail' | 'formationDetail',
  item: ItemAnswer | null,
  origin: string,
  base: PageHead,
): PageHead {
  // an id that is not one (400) or an item that does not exist (404): the page says not found
  if (item?.status === 404 || item?.status === 400) return { ...base, status: 404 };
  // hidden in this language (403) or a failure: shown, not indexed
  if (!item?.body) return base;
  const body = item.body as unknown as CourseSummary & Json;
  const { lang, siteName } = base;
  const prefix = kind === 'courseDetail' ? '/courses' : '/formaciones';
  const visibleIn = LANGUAGES.filter((l) => body.visible[l]);
  const path = (l: Lang) => `${prefix}/${body._id}/${slugOrDefault(body.title[l])}`;
  return {
    ...base,
    title: `${body.title[lang]} | ${siteName}`,
    description: excerpt(body.description[lang], 160) || base.description,
    canonical: localizedUrl(origin, path(lang), lang),
    alternates: Object.fromEntries(
      visibleIn.map((l) => [l, localizedUrl(origin, path(l), l)]),
    ) as PageHead['alternates'],
    noindex: false,
    ogType: 'product',
    image: absolute(origin, body.image[lang] ?? body.image.es),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags of `head`, one per line. */
export function headTags(head: PageHead): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  if (head.description) meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const [lang, href] of Object.entries(head.alternates)) {
    tags.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}" />`);
  }
  const fallback = head.alternates[DEFAULT_LANG];
  if (fallback)
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(fallback)}" />`);
  meta('property', 'og:type', head.ogType);
  meta('property', 'og:title', head.title);
  if (head.description) meta('property', 'og:description', head.description);
  if (head.canonical) meta('property', 'og:url', head.canonical);
  meta('property', 'og:site_name', head.siteName);
  meta('property', 'og:locale', OG_LOCALE[head.lang]);
  if (head.image) meta('property', 'og:image', head.image);
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  return tags.join('\n    ');
}

/** The shell's index.html with the page's language and head tags (its own `<title>` replaced). */
export function withHead(html: string, head: PageHead): string {
  return (
    html
      .replace(/<html([^>]*)\blang="[^"]*"/i, `<html$1lang="${head.lang}"`)
      .replace(/<title>[\s\S]*?<\/title>/i, '')
      // a function, so that a `$&` in a title is not a replacement pattern
      .replace(/<\/head>/i, () => `  ${headTags(head)}\n  </head>`)
  );
}
