import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LANG,
  LANGUAGES,
  SIGNED_IN_COOKIE,
  STORAGE_KEYS,
  firstSession,
  matchRoute,
  type Lang,
  type PageContext,
  type PublicConfig,
  type RouteMatch,
  type SeededQuery,
  type SiteContent,
} from '@circo/shared-contracts';
import { firstAnswers, type ItemAnswer } from './first-screen.js';

/**
 * One HTML request's page, decided once and read by everything that makes the page: its status
 * and head tags (page-head.ts), its bootstrap data and preloads (html-bootstrap.ts) and its first
 * screen (first-screen.ts, which gives `context` to the render as React context): the route from
 * the one matcher (shared-contracts' `matchRoute`), the language, the signed-in hint, the site
 * content and the page's first API answers, each read once.
 */
export interface ServerPage {
  /** The address's path as requested (still percent-encoded, as the browser's router has it). */
  pathname: string;
  /** The address's query (`?q=aro`), or ''. */
  search: string;
  /** The route it opens; null: the not-found page. */
  match: RouteMatch | null;
  /** The browser says it holds a session (its SIGNED_IN_COOKIE: a hint, never a credential). */
  signedIn: boolean;
  /** What the render reads (and the browser's hydration, from the bootstrap data). */
  context: PageContext;
  /** The page's first answers; null when its main one is missing (the page part is the browser's). */
  queries: SeededQuery[] | null;
  /** The answer about the item a detail page names (its head's status and tags), else null. */
  item: ItemAnswer | null;
}

/**
 * The visitor's language: the `lang` cookie the shell keeps next to its localStorage choice, else
 * (a first visit) the first of the browser's languages (Accept-Language, by its q-values) that the
 * shop has, else Spanish.
 */
export function langOf(cookieHeader: string | undefined, acceptLanguage?: string): Lang {
  const m = new RegExp(`(?:^|;\\s*)${STORAGE_KEYS.lang}=([a-z]{2})(?:;|$)`).exec(
    cookieHeader ?? '',
  );
  const lang = m?.[1] as Lang | undefined;
  if (lang && (LANGUAGES as readonly string[]).includes(lang)) return lang;
  return acceptedLang(acceptLanguage) ?? DEFAULT_LANG;
}

/** The shop's language the browser prefers most (`en-GB,fr;q=0.8` -> en), or null. */
export function acceptedLang(header: string | undefined): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.q > 0 && (LANGUAGES as readonly string[]).includes(r.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Lang | undefined) ?? null;
}

/** Whether the browser says it holds a session (SIGNED_IN_COOKIE; a hint, never a credential). */
export function signedInOf(cookieHeader: string | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`).test(cookieHeader ?? '');
}

/**
 * The language a page is served in, decided here only: its address's `?lang=` (the hreflang
 * alternates; the shell then keeps it as the visitor's choice), else the visitor's (langOf).
 */
export function pageLang(
  langParam: string | null,
  cookieHeader: string | undefined,
  acceptLanguage?: string,
): Lang {
  return (LANGUAGES as readonly (string | null)[]).includes(langParam)
    ? (langParam as Lang)
    : langOf(cookieHeader, acceptLanguage);
}

export interface PageSources {
  fastify: FastifyInstance;
  /** The site content of a language (null when its file is missing or unreadable). */
  content: (lang: Lang) => Promise<SiteContent | null>;
  config: () => PublicConfig;
}

/** The page of an HTML request for `url` (path and query as requested). */
export async function serverPage(
  sources: PageSources,
  url: string,
  headers: { cookie?: string; 'accept-language'?: string },
): Promise<ServerPage> {
  const at = url.indexOf('?');
  const pathname = (at === -1 ? url : url.slice(0, at)) || '/';
  const search = at === -1 ? '' : url.slice(at);
  const query = new URLSearchParams(search);
  const lang = pageLang(query.get('lang'), headers.cookie, headers['accept-language']);
  const signedIn = signedInOf(headers.cookie);
  const match = matchRoute(pathname);
  const [content, answers] = await Promise.all([
    sources.content(lang),
    match
      ? firstAnswers(sources.fastify, match, lang, query)
      : Promise.resolve({ queries: null, item: null }),
  ]);
  return {
    pathname,
    search,
    match,
    signedIn,
    context: {
      lang,
      content,
      config: sources.config(),
      session: firstSession(signedIn, match?.route.access),
    },
    queries: answers.queries,
    item: answers.item,
  };
}
