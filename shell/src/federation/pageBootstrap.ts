import type {
  FirstSession,
  Lang,
  PageContext,
  PublicConfig,
  RemotesFile,
  SeededQuery,
  SiteContent,
} from '@circo/shared-contracts';

/**
 * What the server wrote into the page for the shell's start (api/src/web/html-bootstrap.ts):
 * the remotes map, the public configuration, the site content of the visitor's language, the
 * session its first screen shows and the page's first API answers under their query keys.
 */
export interface PageBootstrap {
  remotes?: RemotesFile;
  config?: PublicConfig;
  lang?: Lang;
  content?: SiteContent | null;
  queries?: SeededQuery[];
  session?: FirstSession;
}

/**
 * The page context the server rendered the first screen with (api/src/web/page-context.ts), for
 * the hydration to read the same values; null when the page does not carry it whole.
 */
export function pageContextOf(page: PageBootstrap): PageContext | null {
  if (!page.lang || !page.config || !page.session) return null;
  return {
    lang: page.lang,
    content: page.content ?? null,
    config: page.config,
    session: page.session,
  };
}

/** The page's bootstrap data (a JSON script element, never run), or {} when absent or unreadable. */
export function readPageBootstrap(doc: Document = document): PageBootstrap {
  const el = doc.getElementById('circo-bootstrap');
  if (!el?.textContent) return {};
  try {
    const data = JSON.parse(el.textContent) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as PageBootstrap) : {};
  } catch {
    return {};
  }
}
