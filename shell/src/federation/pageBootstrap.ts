import type {
  Lang,
  PublicConfig,
  RemotesFile,
  SeededQuery,
  SiteContent,
} from '@circo/shared-contracts';

/**
 * What the server wrote into the page for the shell's start (api/src/web/html-bootstrap.ts):
 * the remotes map, the public configuration, the site content of the visitor's language and the
 * page's first API answers under their query keys.
 */
export interface PageBootstrap {
  remotes?: RemotesFile;
  config?: PublicConfig;
  lang?: Lang;
  content?: SiteContent | null;
  queries?: SeededQuery[];
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
