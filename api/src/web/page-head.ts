import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LANG,
  LANGUAGES,
  ROUTES,
  excerpt,
  isLang,
  slugOrDefault,
  type CourseSummary,
  type Lang,
  type RouteDef,
  type SiteContent,
} from '@circo/shared-contracts';

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
 * Texts come through the app's own public, cached answers (`/api/content`, `/api/courses/{id}`,
 * `/api/formations/visible/{id}`) injected in-process: a page view costs no database query once
 * the catalogue cache holds the answer.
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

/** A route pattern (`/courses/:id/:slug?`) as a case-insensitive regular expression. */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (!part.startsWith(':')) return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return part.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
    });
  return new RegExp(`^${parts.join('')}/?$`, 'i');
}

const COMPILED = ROUTES.map((route) => ({
  route: route as RouteDef,
  re: patternToRegExp(route.path),
}));

/** The route of the table that serves `pathname` (decoded), with its parameters in order. */
export function matchRoute(pathname: string): { route: RouteDef; params: string[] } | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path === '') path = '/';
  for (const { route, re } of COMPILED) {
    const m = re.exec(path);
    if (m) return { route, params: m.slice(1).filter((p) => p !== undefined) };
  }
  return null;
}

/** The address of `path` in `lang`: Spanish bare, the others with `?lang=`. */
export function localizedUrl(origin: string, path: string, lang: Lang): string {
  return `${origin}${path}${lang === DEFAULT_LANG ? '' : `?lang=${lang}`}`;
}

/** The language an address asks for (`?lang=`), else the default. */
export function langOfQuery(query: URLSearchParams): Lang {
  const lang = query.get('lang');
  return isLang(lang) ? lang : DEFAULT_LANG;
}

/** The public pages a sitemap lists and crawlers index (no parameters, not noindex). */
export const INDEXED_PAGES = ['home', 'courses', 'formations', 'about'] as const;

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

export class PageHeads {
  constructor(
    private readonly fastify: FastifyInstance,
    private readonly origin: string,
  ) {}

  /**
   * The head of the page at `rawUrl` (path and query as requested), in `pageLang` (the language
   * the page is served in: its `?lang=`, else the visitor's saved choice) or the address's own. A failure to read the texts
   * never fails the page: it then gets the site's defaults.
   */
  async resolve(rawUrl: string, pageLang?: Lang): Promise<PageHead> {
    try {
      return await this.compute(rawUrl, pageLang);
    } catch {
      const lang = pageLang ?? langOfQuery(new URL(rawUrl, 'http://x').searchParams);
      const known = matchRoute(new URL(rawUrl, 'http://x').pathname) !== null;
      return {
        status: known ? 200 : 404,
        lang,
        siteName: 'Circo',
        title: 'Circo',
        description: '',
        canonical: null,
        alternates: {},
        noindex: true,
        ogType: 'website',
        image: null,
      };
    }
  }

  private async compute(rawUrl: string, pageLang?: Lang): Promise<PageHead> {
    const url = new URL(rawUrl, 'http://x');
    const lang = pageLang ?? langOfQuery(url.searchParams);
    const content = (await getOwn<SiteContent>(this.fastify, `/api/content?lang=${lang}`)).body;
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
    const match = matchRoute(url.pathname);
    if (!match) return { ...base, status: 404 };
    const { route, params } = match;
    if (route.noindex || route.access) return base;

    const page = content?.pages?.[route.id];
    const indexed = (path: string, langs: readonly Lang[] = LANGUAGES): PageHead => ({
      ...base,
      title: page?.title ? `${page.title} | ${siteName}` : siteName,
      description: page?.description ?? tagline,
      canonical: localizedUrl(this.origin, path, lang),
      alternates: Object.fromEntries(
        langs.map((l) => [l, localizedUrl(this.origin, path, l)]),
      ) as PageHead['alternates'],
      noindex: false,
    });

    if (route.id === 'courseDetail' || route.id === 'formationDetail') {
      return this.item(route.id, params[0] ?? '', lang, base, siteName);
    }
    if (route.id === 'search') {
      // every term is a page of its own: the search page is not indexed
      return { ...indexed('/buscar'), canonical: null, alternates: {}, noindex: true };
    }
    if (route.id === 'cart' || route.id === 'checkout' || route.id === 'maintenance') return base;
    return indexed(route.path);
  }

  private async item(
    kind: 'courseDetail' | 'formationDetail',
    id: string,
    lang: Lang,
    base: PageHead,
    siteName: string,
  ): Promise<PageHead> {
    const api = kind === 'courseDetail' ? '/api/courses' : '/api/formations/visible';
    const { status, body } = await getOwn<CourseSummary & Json>(
      this.fastify,
      `${api}/${encodeURIComponent(id)}?lang=${lang}`,
    );
    // an id that is not one (400) or an item that does not exist (404): the page says not found
    if (status === 404 || status === 400) return { ...base, status: 404 };
    if (!body) return base; // hidden in this language (403) or a failure: shown, not indexed
    const prefix = kind === 'courseDetail' ? '/courses' : '/formaciones';
    const visibleIn = LANGUAGES.filter((l) => body.visible[l]);
    const path = (l: Lang) => `${prefix}/${body._id}/${slugOrDefault(body.title[l])}`;
    return {
      ...base,
      title: `${body.title[lang]} | ${siteName}`,
      description: excerpt(body.description[lang], 160) || base.description,
      canonical: localizedUrl(this.origin, path(lang), lang),
      alternates: Object.fromEntries(
        visibleIn.map((l) => [l, localizedUrl(this.origin, path(l), l)]),
      ) as PageHead['alternates'],
      noindex: false,
      ogType: 'product',
      image: absolute(this.origin, body.image[lang] ?? body.image.es),
    };
  }
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
