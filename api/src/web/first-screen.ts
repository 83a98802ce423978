import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import {
  FIRST_SCREEN_API,
  SEARCH_LIMIT,
  type Lang,
  type PublicConfig,
  type RemoteFirstScreen,
  type RemoteName,
  type RemotesFile,
  type RouteDef,
  type SeededQuery,
  type ServerRemoteApp,
  type ShellFirstScreen,
  type SiteContent,
} from '@circo/shared-contracts';
import { getOwn } from './page-head.js';
import { REMOTE_FOLDERS } from './remotes-file.js';

/**
 * The first screen of a page (issue 11): its HTML, written before any JS runs, so the browser
 * paints the hero, the list or the course header at once. Each app's own release renders its
 * part: the shell's server bundle (`shell/dist/server/first-screen.cjs`) the layout, the page's
 * remote's (`<remote>/dist/server/first-screen.cjs`, next to its manifest) the page, from the
 * page's first API answers. A bundle that is missing, of another contract version, or that
 * throws means no first screen: the page is sent as before, and the shell renders it in the
 * browser.
 */

/** The answers a page asks for first, and the TanStack Query keys shared-web's `catalogKeys` gives them. */
export async function firstQueries(
  fastify: FastifyInstance,
  route: RouteDef,
  params: string[],
  lang: Lang,
  search: URLSearchParams = new URLSearchParams(),
): Promise<SeededQuery[] | null> {
  const own = async (key: readonly unknown[], url: string): Promise<SeededQuery | null> => {
    const { body } = await getOwn<unknown>(fastify, url);
    return body === null ? null : { key, data: body };
  };
  const id = params[0] ?? '';
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
    case 'search': {
      // the term as SearchPage asks for it; a blank one asks nothing
      const q = (search.get('q') ?? '').trim().slice(0, SEARCH_LIMIT.queryMax);
      if (!q) return [];
      const query = new URLSearchParams({ q, lang }).toString();
      wanted = [own(['catalog', 'search', { q, lang }], `/api/search?${query}`)];
      break;
    }
    case 'courseDetail':
    case 'formationDetail': {
      const kind = route.id === 'courseDetail' ? 'course' : 'formation';
      const api = kind === 'course' ? '/api/courses' : '/api/formations/visible';
      wanted = [
        own(['catalog', kind, id, { lang }], `${api}/${encodeURIComponent(id)}?lang=${lang}`),
        own(['catalog', 'discounts', 'active'], '/api/discounts/activos'),
      ];
      break;
    }
    default:
      return [];
  }
  const got = await Promise.all(wanted);
  // without the page's main answer (not found, hidden, failed) the page has no first screen
  if (got[0] === null) return null;
  return got.filter((q): q is SeededQuery => q !== null);
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

export interface FirstScreenInput {
  /** The page's route; none: the not-found page. */
  route: RouteDef | null;
  pathname: string;
  search: string;
  lang: Lang;
  remotes: RemotesFile;
  content: SiteContent | null;
  config: PublicConfig;
  /** The page's first answers; null when its main one is missing (the page part is the browser's). */
  queries: SeededQuery[] | null;
}

interface Loaded<T> {
  key: string;
  mod: T | null;
  provided?: Record<string, unknown>;
}

/**
 * A CommonJS file's exports, evaluated afresh (Node's `require` would keep the first release of
 * a file its cache holds; a new release replaces the file in place).
 */
function loadCommonJs(file: string, code: string, provided: Record<string, unknown> = {}): unknown {
  const module = { exports: {} as unknown };
  const own = createRequire(file);
  // what the shell's bundle shares (its React...), else the file's own resolution
  const require = Object.assign(
    (id: string) => (Object.hasOwn(provided, id) ? provided[id] : own(id)),
    own,
  ) as NodeJS.Require;
  const wrapper = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { filename: file },
  ) as (e: unknown, r: NodeJS.Require, m: { exports: unknown }, f: string, d: string) => void;
  wrapper(module.exports, require, module, file, dirname(file));
  return module.exports;
}

const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/** Loads the apps' server bundles (again when a new release replaces one) and renders with them. */
export class FirstScreens {
  private readonly loaded = new Map<string, Loaded<unknown>>();

  constructor(
    private readonly webRoot: string,
    private readonly log: (msg: string, err: unknown) => void = () => {},
  ) {}

  /**
   * The page's first screen: the shell's whole page, with the page's remote rendered inside it
   * when this server has that remote's server bundle and the page's first answers (else that part
   * is sent as its loading state, and the browser renders it); null when the shell's bundle is
   * missing or fails.
   */
  async render(o: FirstScreenInput): Promise<RenderedScreen | null> {
    const shell = await this.bundle<ShellFirstScreen>(
      join(this.webRoot, 'shell/dist/server/first-screen.cjs'),
    );
    if (!shell) return null;
    const remote = await this.remoteOf(o, shell.shared);
    let App: ServerRemoteApp | undefined;
    try {
      App = remote?.bundle.serverApp({ lang: o.lang, content: o.content });
    } catch (err) {
      this.log(`the page part of ${o.pathname} failed; the browser renders it`, err);
    }
    let html: string;
    let partFailed = false;
    try {
      html = await shell.renderPage({
        page: o.route?.id ?? 'notFound',
        lang: o.lang,
        pathname: o.pathname,
        search: o.search,
        content: o.content,
        config: o.config,
        queries: o.queries ?? [],
        remote: remote && App ? { name: remote.name, App } : undefined,
        // the part is sent as its loading state, and the browser renders it
        onError: (err) => {
          partFailed = true;
          this.log(
            `a part of the first screen of ${o.pathname} failed; the browser renders it`,
            err,
          );
        },
      });
    } catch (err) {
      this.log(`the first screen of ${o.pathname} failed; the page is sent without it`, err);
      return null;
    }
    // React writes the page's resource hints (the LCP image's preload) before its markup
    const links = LEADING_LINKS.exec(html)?.[0] ?? '';
    const body = html.slice(links.length);
    // the LCP image's (fetchpriority high) only: the others would compete with the page's code
    const head = (links.match(/<link [^>]*\/?>/g) ?? [])
      .filter((l) => /\bfetchpriority="high"/i.test(l))
      .join('');
    const complete = (o.route?.owner === 'shell' || !!(remote && App)) && !partFailed;
    return { head, body, scripts: inlineScriptSources(body), complete };
  }

  /**
   * The server bundle of the page's remote, when the page is a remote's public page whose first
   * answers are there, and the remote is one this server serves (a release deployed elsewhere has
   * its bundle elsewhere).
   */
  private async remoteOf(
    o: FirstScreenInput,
    shared: Record<string, unknown> | undefined,
  ): Promise<{ name: RemoteName; bundle: RemoteFirstScreen } | null> {
    const owner = o.route?.owner as RemoteName | 'shell' | undefined;
    if (!owner || owner === 'shell' || o.route?.access || o.queries === null) return null;
    const folder = REMOTE_FOLDERS[owner];
    const entry = o.remotes[owner];
    const url = typeof entry === 'string' ? entry : entry?.entry;
    if (!folder || url !== `/remotes/${folder}/mf-manifest.json`) return null;
    const bundle = await this.bundle<RemoteFirstScreen>(
      join(this.webRoot, folder, 'dist/server/first-screen.cjs'),
      shared ?? {},
    );
    return bundle && { name: owner, bundle };
  }

  /** A server bundle of the contract this API knows, loaded again when its file changes. */
  private async bundle<T extends { firstScreenApi: number }>(
    file: string,
    provided?: Record<string, unknown>,
  ): Promise<T | null> {
    let key: string;
    try {
      const s = await stat(file);
      key = `${s.mtimeMs}:${s.size}`;
    } catch {
      this.loaded.delete(file);
      return null;
    }
    const hit = this.loaded.get(file);
    // a remote's bundle runs on the shell's shared packages: a new shell release loads it again
    if (hit?.key === key && hit.provided === provided) return hit.mod as T | null;
    let mod: T | null = null;
    try {
      const m = loadCommonJs(file, await readFile(file, 'utf8'), provided) as T | null;
      mod = m?.firstScreenApi === FIRST_SCREEN_API ? m : null;
    } catch (err) {
      this.log(`the server bundle ${file} could not be loaded`, err);
    }
    this.loaded.set(file, { key, mod, provided });
    return mod;
  }
}
