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
export const FIRST_SCREEN_API = 2;

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
  /**
   * The browser says it holds a session (its `signed_in` cookie, a hint): the page is rendered as
   * the browser's first render has it, waiting for the session; else as a visitor's.
   */
  signedIn?: boolean;
}

/**
 * A remote's page component as the shell renders it: the remote's `./App` with what it needs from
 * its own copy of shared-web (its translations, its stores set for this render).
 */
export type ServerRemoteApp = (props: { page: string }) => unknown;

/** What a remote's server bundle exports: its `./App`, ready for one render. */
export interface RemoteFirstScreen {
  firstScreenApi: number;
  /**
   * Prepares the remote's stores for a render in `lang` (its site content, the public
   * configuration, whether the browser holds a session) and returns its page component.
   */
  serverApp(
    input: Pick<FirstScreenInput, 'lang' | 'content' | 'signedIn'> & { config?: PublicConfig },
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
