import type { Lang } from './languages.js';
import type { SiteContent } from './api/content.js';
import type { PublicConfig } from './api/config.js';

/**
 * The first screen (issue 11): an app's build may emit `dist/server/first-screen.cjs`, a bundle of
 * its own components rendered with react-dom/server, which the API loads to send a page's first
 * screen as HTML that paints before any JS. Its exports follow this contract; the API ignores a
 * bundle with another `firstScreenApi` (older or newer) and sends the page without a first screen.
 */
export const FIRST_SCREEN_API = 1;

/** An answer of the API the page asks for first, under its TanStack Query key (shared-web's catalogKeys). */
export interface SeededQuery {
  key: readonly unknown[];
  data: unknown;
}

export interface FirstScreenInput {
  /** The route's page id (`home`, `courses`, `courseDetail`...). */
  page: string;
  lang: Lang;
  /** The address's path (`/courses/abc/slug`), for the router's parameters and links. */
  pathname: string;
  content: SiteContent | null;
  /** The answers the page needs (the same ones the HTML's bootstrap data carries). */
  queries: SeededQuery[];
}

/** What a remote's server bundle exports: the markup of its `./App` for a page, or null. */
export interface RemoteFirstScreen {
  firstScreenApi: number;
  renderPage(input: FirstScreenInput): string | null;
}

/**
 * What the shell's server bundle exports: its layout's markup around the page area, which holds
 * `FIRST_SCREEN_SLOT` where the remote's markup goes.
 */
export interface ShellFirstScreen {
  firstScreenApi: number;
  renderFrame(input: Omit<FirstScreenInput, 'queries'> & { config: PublicConfig }): Promise<string>;
  /**
   * A small script the page runs inline, before any bundle, that holds what the visitor does on
   * the first screen (a click on a button, a form sent) under `window[FIRST_SCREEN_HOLD]` until
   * the shell's own code takes over and does it again on the live page. Optional: an older shell
   * has none. The API allows it in the Content-Security-Policy by its hash.
   */
  holdScript?: string;
}

/** The global the first screen's hold script leaves behind for the shell. */
export const FIRST_SCREEN_HOLD = '__circoFirstScreenHold';

/** An action held on the first screen: what it was and where, by position under the root. */
export interface HeldFirstScreenAction {
  kind: 'click' | 'submit';
  path: number[];
  tag: string;
}

/** What `window[FIRST_SCREEN_HOLD]` offers: the held action (if any), and stop holding. */
export interface FirstScreenHold {
  take(): HeldFirstScreenAction | null;
}

/** The text the shell's frame holds in its page area, replaced by the page's markup. */
export const FIRST_SCREEN_SLOT = '%%circo-first-screen%%';
