import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  CATALOG_ERRORS,
  FIRST_SCREEN_API,
  type ApiErrorBody,
  SEARCH_LIMIT,
  type Lang,
  type RemoteName,
  type RemotesFile,
  type RouteMatch,
  type SeededQuery,
} from '@circo/shared-contracts';
import { getOwn } from './page-head.js';
import type { ServerPage } from './page-context.js';
import { PageRenderer } from './page-renderer.js';
import { REMOTE_FOLDERS } from './remotes-file.js';
import type { BundleCode } from './render-protocol.js';
import { ServerBundles } from './server-bundles.js';

/**
 * The first screen of a page: its HTML, written before any JS runs, so the browser
 * paints the hero, the list or the course header at once. Each app's own release renders its
 * part: the shell's server bundle (`shell/dist/server/first-screen.cjs`) the layout, the page's
 * remote's (`<remote>/dist/server/first-screen.cjs`, next to its manifest) the page, from the
 * page's first API answers. A bundle that is missing, of another contract version, or that
 * throws means no first screen: the page is sent as before, and the shell renders it in the
 * browser.
 */

/** The API's answer about the item a detail page names: its status, and its body when 200. */
export interface ItemAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * The answers a page asks for first, under the TanStack Query keys shared-web's `catalogKeys`
 * gives them (null: the page's main answer is missing), and for a detail page the item's answer,
 * which its head tags read too: each asked once per page.
 */
export async function firstAnswers(
  fastify: FastifyInstance,
  { route, params }: RouteMatch,
  lang: Lang,
  search: URLSearchParams = new URLSearchParams(),
): Promise<{ queries: SeededQuery[] | null; item: ItemAnswer | null }> {
  let itemAnswer: ItemAnswer | null = null;
  const own = async (key: readonly unknown[], url: string): Promise<SeededQuery | null> => {
    const { body } = await getOwn<unknown>(fastify, url);
    return body === null ? null : { key, data: body };
  };
  /** An item's answer, or the refusal its page shows as a screen of its own (spec section 4). */
  const item = async (key: readonly unknown[], url: string): Promise<SeededQuery | null> => {
    const res = await fastify.inject({ method: 'GET', url });
    itemAnswer = {
      status: res.statusCode,
      body: res.statusCode === 200 ? res.json<Record<string, unknown>>() : null,
    };
    if (res.statusCode === 200) return { key, data: itemAnswer.body };
    if (res.statusCode !== 403 && res.statusCode !== 404) return null;
    const error = res.json<ApiErrorBody>();
    const shown =
      res.statusCode === 404 ||
      (error.code === CATALOG_ERRORS.unavailableInLanguage && !!error.data);
    return shown ? { key, error } : null;
  };
  const id = params.id ?? '';
  let wanted: Array<Promise<SeededQuery | null>>;
  switch (route.id) {
    case 'courses':
      wanted = [own(['catalog', 'courses', { lang }], `/api/courses/visible?lang=${lang}`)];
      break;
    case 'formations':
      wanted = [
        own(['catalog', 'formations', { lang }], `/api/formations?lang=${lang}`),
        own(
          ['catalog', 'presential', { lang }],
          `/api/presential-formations/presencial?lang=${lang}`,
        ),
      ];
      break;
    case 'membership':
      wanted = [own(['catalog', 'plans', { lang }], `/api/plans?lang=${lang}`)];
      break;
    case 'search': {
      // the term as SearchPage asks for it; a blank one asks nothing
      const q = (search.get('q') ?? '').trim().slice(0, SEARCH_LIMIT.queryMax);
      if (!q) return { queries: [], item: null };
      const query = new URLSearchParams({ q, lang }).toString();
      wanted = [own(['catalog', 'search', { q, lang }], `/api/search?${query}`)];
      break;
    }
    case 'courseDetail':
    case 'formationDetail': {
      const kind = route.id === 'courseDetail' ? 'course' : 'formation';
      const api = kind === 'course' ? '/api/courses' : '/api/formations/visible';
      wanted = [
        item(['catalog', kind, id, { lang }], `${api}/${encodeURIComponent(id)}?lang=${lang}`),
        own(['catalog', 'discounts', 'active'], '/api/discounts/activos'),
        // "Included in <plan>" beside the price
        own(['catalog', 'plans', { lang }], `/api/plans?lang=${lang}`),
      ];
      break;
    }
    case 'certificate': {
      const code = (params.code ?? '').toUpperCase();
      wanted = [
        item(
          ['catalog', 'certificate', code, { lang }],
          `/api/certificates/${encodeURIComponent(code)}?lang=${lang}`,
        ),
      ];
      break;
    }
    default:
      return { queries: [], item: null };
  }
  const got = await Promise.all(wanted);
  // without the page's main answer (not found, hidden, failed) the page has no first screen
  if (got[0] === null) return { queries: null, item: itemAnswer };
  return { queries: got.filter((q): q is SeededQuery => q !== null), item: itemAnswer };
}

/**
 * The first screen's markup: `body` goes in the shell's root element, `head` in its head, and
 * `scripts` are the hash sources of the inline scripts React wrote into `body` (its form-replay
 * script, which holds a form sent before hydration and sends it again once hydrated), for the
 * Content-Security-Policy.
 */
export interface RenderedScreen {
  head: string;
  body: string;
  scripts: string[];
  /** Whether the page's remote part is in `body` too (else the browser renders it). */
  complete: boolean;
}

/** The Content-Security-Policy source that allows exactly this inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The hash sources of the inline scripts (no `src`) in `html`. */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    sources.add(scriptHashSource(m[1]));
  }
  return [...sources];
}

const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/**
 * Renders pages with the apps' server bundles, in the page renderer's process (page-renderer.ts):
 * the shell's bundle and the page's remote's, from this server's dist or from the origin the
 * remote is released on (server-bundles.ts).
 */
export class FirstScreens {
  private readonly bundles: ServerBundles;
  private readonly renderer: PageRenderer;

  constructor(
    private readonly webRoot: string,
    private readonly log: (msg: string, err: unknown) => void = () => {},
    /** How long fetching a remote's manifest or server bundle may take. */
    fetchTimeoutMs = 5_000,
  ) {
    this.bundles = new ServerBundles(fetchTimeoutMs, log);
    this.renderer = new PageRenderer(FIRST_SCREEN_API, log);
  }

  /**
   * The page's first screen: the shell's whole page, with the page's remote rendered inside it
   * when there is a server bundle for the remote's release and the page's first answers (else
   * that part is sent as its loading state, and the browser renders it); null when the shell's
   * bundle is missing or fails.
   */
  async render(page: ServerPage, remotes: RemotesFile): Promise<RenderedScreen | null> {
    const shell = await this.bundles.local(
      join(this.webRoot, 'shell/dist/server/first-screen.cjs'),
    );
    if (!shell) return null;
    const remote = await this.remoteOf(page, remotes);
    const route = page.match?.route;
    const reply = await this.renderer.render(shell, remote ?? undefined, {
      page: route?.id ?? 'notFound',
      pathname: page.pathname,
      search: page.search,
      queries: page.queries ?? [],
      ...page.context,
    });
    if (!reply?.html) return null;
    const html = reply.html;
    // React writes the page's resource hints (the LCP image's preload) before its markup
    const links = LEADING_LINKS.exec(html)?.[0] ?? '';
    const body = html.slice(links.length);
    // the LCP image's (fetchpriority high) only: the others would compete with the page's code
    const head = (links.match(/<link [^>]*\/?>/g) ?? [])
      .filter((l) => /\bfetchpriority="high"/i.test(l))
      .join('');
    const complete = (route?.owner === 'shell' || !!remote) && !reply.partFailed;
    return { head, body, scripts: inlineScriptSources(body), complete };
  }

  /** Stops the page renderer's process. */
  close(): Promise<void> {
    return this.renderer.close();
  }

  /**
   * The server bundle of the page's remote, when the page is a remote's public page whose first
   * answers are there: the one this server serves, or the one published with the release the
   * remotes file points to.
   */
  private async remoteOf(
    page: ServerPage,
    remotes: RemotesFile,
  ): Promise<{ name: RemoteName; bundle: Required<BundleCode> } | null> {
    const route = page.match?.route;
    const owner = route?.owner;
    if (!owner || owner === 'shell' || route.access || page.queries === null) return null;
    const folder = REMOTE_FOLDERS[owner];
    const entry = remotes[owner];
    const url = typeof entry === 'string' ? entry : entry?.entry;
    if (!folder || !url) return null;
    let bundle: Required<BundleCode> | null = null;
    if (url === `/remotes/${folder}/mf-manifest.json`) {
      bundle = await this.bundles.local(join(this.webRoot, folder, 'dist/server/first-screen.cjs'));
    } else if (/^https?:\/\//.test(url)) {
      const version = typeof entry === 'string' ? undefined : entry?.version;
      bundle = await this.bundles.fromRelease(owner, url, version);
    }
    return bundle && { name: owner, bundle };
  }
}
