import type { Lang } from './languages.js';
import type { SiteContent } from './api/content.js';
import type { PublicConfig } from './api/config.js';
import type { ApiErrorBody } from './api/errors.js';

/**
 * The first screen: an app's build emits `dist/server/first-screen.cjs`, a
 * bundle of its own components, which the API loads to send a page's HTML before any JS runs; the
 * browser then hydrates that HTML with React (`hydrateRoot`), keeping the server's elements. The
 * shell's bundle renders the whole page as one React tree (its layout, and the page's remote
 * inside the same Suspense boundary the browser renders), so the markup is exactly the browser's
 * first render. Its exports follow this contract; the API ignores a bundle with another
 * `firstScreenApi` (older or newer) and sends the page without a first screen.
 */
export const FIRST_SCREEN_API = 3;

/**
 * An answer of the API the page asks for first, under its TanStack Query key (shared-web's
 * catalogKeys): its body, or the API's refusal when the page shows that as its own screen (a
 * course not in this language: 403 `catalog.unavailable_in_language`; one that does not exist).
 */
export type SeededQuery =
  | { key: readonly unknown[]; data: unknown; error?: undefined }
  | { key: readonly unknown[]; data?: undefined; error: ApiErrorBody };

export interface FirstScreenInput {
  /** The route's page id (`home`, `courses`, `courseDetail`...). */
  page: string;
  lang: Lang;
  /** The address's path (`/courses/abc/slug`), for the router's parameters and links. */
  pathname: string;
  /** The address's query (`?q=aro`), for pages that read it. */
  search?: string;
  content: SiteContent | null;
  /** The answers the page needs (the same ones the HTML's bootstrap data carries). */
  queries: SeededQuery[];
  /** The session the page's first render shows (PageContext's `session`). */
  session: FirstSession;
}

/**
 * The session a page's first render shows: `loading` when the browser says it holds one (its
 * `signed_in` cookie, a hint) or the page is behind a sign-in (its frame and a placeholder, until
 * the browser has the session), else `anonymous` (a visitor's page).
 */
export type FirstSession = 'loading' | 'anonymous';

/**
 * What one page's render reads, decided once per HTML request by the API (api/src/web/page-context.ts)
 * and written into the page's bootstrap data: the server renders with it and the browser hydrates
 * with it (shared-web's PageContextProvider), so both renders read the same values. The stores
 * take over in the browser once hydrated.
 */
export interface PageContext {
  lang: Lang;
  /** The site content in `lang` (null when it could not be read: the browser asks for it). */
  content: SiteContent | null;
  config: PublicConfig;
  session: FirstSession;
}

/** The session a page's first render shows (FirstSession), from the hint and the page's route. */
export function firstSession(
  signedIn: boolean,
  access: 'user' | 'admin' | undefined,
): FirstSession {
  return signedIn || access ? 'loading' : 'anonymous';
}

/**
 * A remote's page component as the shell renders it: the remote's `./App` with what it needs from
 * its own copy of shared-web (its translations; the page context comes from the shell's render).
 */
export type ServerRemoteApp = (props: { page: string }) => unknown;

/** What a remote's server bundle exports: its `./App`, ready for one render. */
export interface RemoteFirstScreen {
  firstScreenApi: number;
  /**
   * The remote's page component for a render in `lang` (its translations). It writes no store:
   * the page's other values (site content, configuration, session) reach it through the page
   * context the shell's render provides.
   */
  serverApp(
    input: Pick<FirstScreenInput, 'lang' | 'content' | 'session'> & { config?: PublicConfig },
  ): ServerRemoteApp;
}

/** What the shell's server bundle exports: the whole page's markup, the layout around the page. */
export interface ShellFirstScreen {
  firstScreenApi: number;
  /** The packages the page's React tree shares, by name, for the remotes' bundles to require. */
  shared: Record<string, unknown>;
  renderPage(
    input: FirstScreenInput & {
      config: PublicConfig;
      /** The remote that owns the page and its component; none: that part is the browser's. */
      remote?: { name: string; App: ServerRemoteApp };
      /** Told of an error in a part of the page (sent as its fallback, for the browser to render). */
      onError?: (error: unknown) => void;
    },
  ): Promise<string>;
}

/**
 * The digest of a page part the server leaves to the browser on purpose (a remote it has no server
 * bundle for): the browser's hydration renders it without reporting an error.
 */
export const CLIENT_RENDERED = 'circo:client-rendered';
