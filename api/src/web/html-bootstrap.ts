import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_LANG,
  type FirstSession,
  type Lang,
  type PublicConfig,
  type RemoteName,
  type RemotesFile,
  type SeededQuery,
  type SiteContent,
} from '@circo/shared-contracts';
import type { RenderedScreen } from './first-screen.js';
import type { ServerPage } from './page-context.js';
import { REMOTE_FOLDERS } from './remotes-file.js';

/**
 * What the shell needs at start, written into its HTML so that the first content needs no
 * round trip after the shell's JS: the remotes map (`/remotes.json` keeps answering the same),
 * the public configuration (`/api/config`) and the site content of the visitor's language
 * (`/api/content`). The shell reads it from `<script id="circo-bootstrap" type="application/json">`
 * (data, never run, so the Content-Security-Policy stays without inline scripts) and falls back to
 * the three requests when it is missing or unreadable.
 */
export interface BootstrapData {
  remotes: RemotesFile;
  config: PublicConfig;
  lang: Lang;
  content: SiteContent | null;
  /**
   * The page's first API answers (the /cursos list, a course's detail) under their TanStack
   * Query keys, so the page asks for nothing before it shows (first-screen.ts).
   */
  queries?: SeededQuery[];
  /** The session the first screen shows, which the browser's hydration reads too. */
  session: FirstSession;
}

export const BOOTSTRAP_ELEMENT_ID = 'circo-bootstrap';

export interface Preload {
  href: string;
  /** `fetch` for a manifest (read with fetch(), CORS), `script` for code, `style` for CSS. */
  as: 'fetch' | 'script' | 'style';
  /**
   * A stylesheet's key for the remote's CSS loading (`data-rspack`, from its manifest's
   * `release.cssChunks`): the runtime then uses the page's stylesheet instead of linking it again.
   */
  chunk?: string;
}

interface ManifestLike {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{
    path?: string;
    assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
  }>;
  shared?: Array<{ assets?: { js?: { sync?: string[] } } }>;
  release?: { cssChunks?: Record<string, string> };
}

/**
 * What the browser can fetch as soon as the HTML arrives for a page of a remote: its manifest,
 * its remoteEntry and the chunks of its `./App` (JS and CSS). Chunks resolve relative to the
 * manifest's folder, as the Module Federation runtime does for `publicPath: 'auto'`.
 */
export function remotePreloads(manifestUrl: string, manifest: ManifestLike | null): Preload[] {
  const preloads: Preload[] = [{ href: manifestUrl, as: 'fetch' }];
  if (!manifest) return preloads;
  const folder = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) {
    const path = entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
    preloads.push({ href: folder + path + entry.name, as: 'script' });
  }
  const app = manifest.exposes?.find((e) => e.path === './App');
  for (const js of app?.assets?.js?.sync ?? []) preloads.push({ href: folder + js, as: 'script' });
  const chunks = manifest.release?.cssChunks;
  for (const css of app?.assets?.css?.sync ?? []) {
    const chunk = typeof chunks?.[css] === 'string' ? chunks[css] : undefined;
    preloads.push({ href: folder + css, as: 'style', ...(chunk ? { chunk } : {}) });
  }
  return preloads;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that cannot close its `<script>` element (nor open a comment) inside HTML. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * The shell's HTML with the preload hints and the bootstrap data at the end of its `<head>`, and
 * the page's first screen (if any) in its root element.
 */
export function injectBootstrap(
  html: string,
  data: BootstrapData,
  preloads: Preload[],
  screen: RenderedScreen | null = null,
): string {
  const seen = new Set<string>();
  const links = preloads
    .filter((p) => !seen.has(p.href) && seen.add(p.href))
    .map((p) =>
      // the first screen paints before any JS: its styles apply at once instead of waiting for it
      screen && p.as === 'style'
        ? `<link rel="stylesheet" href="${escapeAttr(p.href)}"${p.chunk ? ` data-rspack="${escapeAttr(p.chunk)}"` : ''} />`
        : `<link rel="preload" as="${p.as}" href="${escapeAttr(p.href)}"${p.as === 'fetch' ? ' crossorigin="anonymous"' : ''} />`,
    );
  const script = `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${jsonForHtml(data)}</script>`;
  // the first screen's own hints (its LCP image) come first: the browser fetches them at once
  const head = [screen?.head ?? '', ...links, script].join('');
  // at the end of <head>; a page without one gets it right after its doctype
  let at = html.indexOf('</head>');
  if (at === -1) at = /^\s*<!doctype[^>]*>/i.exec(html)?.[0].length ?? 0;
  let withHead = html.slice(0, at) + head + html.slice(at);
  if (screen) {
    withHead = withHead.replace(
      /<div id="root"><\/div>/,
      () => `<div id="root">${screen.body}</div>`,
    );
  }
  return data.lang === DEFAULT_LANG
    ? withHead
    : withHead.replace(/<html lang="[a-z]{2}"/, `<html lang="${data.lang}"`);
}

/** A file's text, read again only when its modification time or size changed. */
class FileCache<T> {
  private readonly entries = new Map<string, { key: string; value: T }>();

  constructor(private readonly parse: (text: string) => T) {}

  async get(file: string): Promise<T | null> {
    let key: string;
    try {
      const s = await stat(file);
      key = `${s.mtimeMs}:${s.size}`;
    } catch {
      this.entries.delete(file);
      return null;
    }
    const hit = this.entries.get(file);
    if (hit?.key === key) return hit.value;
    try {
      const value = this.parse(await readFile(file, 'utf8'));
      this.entries.set(file, { key, value });
      return value;
    } catch {
      return null;
    }
  }
}

export interface HtmlBootstrapOptions {
  webRoot: string;
  contentDir: string;
}

/**
 * Renders the shell's `index.html` for a page request: the bootstrap data for the visitor's
 * language, the preloads of the shell's start-up chunks and, when the page belongs to a remote,
 * of that remote's manifest, entry and page chunks.
 */
export class HtmlBootstrap {
  private readonly html = new FileCache<string>((t) => t);
  private readonly json = new FileCache<unknown>((t) => JSON.parse(t) as unknown);
  private shellChunks: { key: string; files: Preload[] } | null = null;

  constructor(private readonly o: HtmlBootstrapOptions) {}

  /** The site content of `lang` (null when its file is missing or unreadable), read again when it changes. */
  content(lang: Lang): Promise<SiteContent | null> {
    return this.json.get(
      join(this.o.contentDir, `site.${lang}.json`),
    ) as Promise<SiteContent | null>;
  }

  /**
   * The HTML of `page` (page-context.ts), or null when the shell is not built. `screen` renders
   * its first screen (serve-web.ts).
   */
  async render(
    page: ServerPage,
    remotes: RemotesFile,
    screen?: () => Promise<RenderedScreen | null>,
  ): Promise<string | null> {
    const shellDist = join(this.o.webRoot, 'shell/dist');
    const html = await this.html.get(join(shellDist, 'index.html'));
    if (html === null) return null;
    const { lang, content, config, session } = page.context;
    const data: BootstrapData = { remotes, config, lang, content, session };
    if (page.queries?.length) data.queries = page.queries;

    const preloads = await this.shellPreloads(shellDist);
    // a page behind a sign-in gets its hints only when the browser says it holds a session (a
    // visitor sent to /login never fetches its code); an admin's pages never (most are not)
    const route = page.match?.route;
    const hinted = !route?.access || (route.access === 'user' && page.signedIn);
    const owner = route && hinted ? route.owner : null;
    if (owner && owner !== 'shell' && remotes[owner]) {
      preloads.push(...(await this.remotePreloadsOf(owner, remotes[owner])));
    }
    const rendered = screen ? await screen() : null;
    return injectBootstrap(
      html,
      data,
      // with the whole page in the first screen the code is not on the way to the first paint:
      // nothing competes with the page's styles and LCP image, and the code follows from the
      // shell's own start; a page whose part the browser renders gets that part's code at once
      !rendered?.complete ? preloads : preloads.filter((p) => p.as === 'style'),
      rendered,
    );
  }

  /**
   * The shell's start-up chunk (`bootstrap`, JS and CSS), found by its name. Its shared
   * singletons are not hinted: the manifest lists chunks of shared keys the shell never loads,
   * and a preload that is not used costs bytes and a console warning.
   */
  private async shellPreloads(shellDist: string): Promise<Preload[]> {
    let key: string;
    try {
      key = String((await stat(join(shellDist, 'index.html'))).mtimeMs);
    } catch {
      return [];
    }
    if (this.shellChunks?.key !== key) {
      const files = (await readdir(shellDist).catch(() => [] as string[]))
        .filter((f) => /^bootstrap\.[0-9a-f]{8}\.(js|css)$/.test(f))
        .sort((a, b) => (a.endsWith('.css') ? 0 : 1) - (b.endsWith('.css') ? 0 : 1));
      this.shellChunks = {
        key,
        files: files.map((f) => ({ href: `/${f}`, as: f.endsWith('.css') ? 'style' : 'script' })),
      };
    }
    return [...this.shellChunks.files];
  }

  /**
   * A remote's preloads. A build this server serves (`/remotes/<folder>/…`) is read from disk;
   * a remote deployed elsewhere gets its manifest preloaded (its chunk names are not known here).
   */
  private async remotePreloadsOf(name: RemoteName, value: RemotesFile[string]): Promise<Preload[]> {
    const url = typeof value === 'string' ? value : value.entry;
    const local = `/remotes/${REMOTE_FOLDERS[name]}/mf-manifest.json`;
    if (url !== local) return remotePreloads(url, null);
    const manifest = (await this.json.get(
      join(this.o.webRoot, REMOTE_FOLDERS[name], 'dist/mf-manifest.json'),
    )) as ManifestLike | null;
    return remotePreloads(url, manifest);
  }
}
