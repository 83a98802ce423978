import type { FastifyInstance } from 'fastify';
import {
  LANGUAGES,
  ROUTES,
  slugOrDefault,
  type CourseSummary,
  type FormationSummary,
  type Lang,
  type RouteDef,
} from '@circo/shared-contracts';
import { INDEXED_PAGES, getOwn, localizedUrl } from './page-head.js';

/** The protocol's limit of addresses in one sitemap file. */
const SITEMAP_MAX_URLS = 50_000;
const PAGE = 200;
/** A sitemap is rebuilt at most this often (the catalogue's public answers live 60 s too). */
const SITEMAP_TTL_MS = 60_000;

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** One page in its languages: a `<url>` per language, each naming all of them (hreflang). */
function urlEntries(origin: string, paths: Partial<Record<Lang, string>>): string[] {
  const langs = LANGUAGES.filter((l) => paths[l]);
  const links = langs
    .map(
      (l) =>
        `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(localizedUrl(origin, paths[l]!, l))}"/>`,
    )
    .join('');
  return langs.map(
    (l) => `<url><loc>${xml(localizedUrl(origin, paths[l]!, l))}</loc>${links}</url>`,
  );
}

/** The robots.txt: account, student, cart, payment and admin pages are not for crawlers. */
export function robotsTxt(origin: string): string {
  const disallowed = new Set(['/admin', '/mis-cursos', '/carrito', '/pago-', '/detalle/']);
  for (const r of ROUTES as readonly RouteDef[]) {
    if (r.noindex && !r.path.includes(':')) disallowed.add(r.path);
  }
  // a path under another one listed adds nothing
  const paths = [...disallowed].filter(
    (p) => ![...disallowed].some((o) => o !== p && p.startsWith(o)),
  );
  return [
    'User-agent: *',
    ...paths.map((p) => `Disallow: ${encodeURI(p)}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * sitemap.xml: the public pages and every course and formation visible in a language, each in the
 * languages it exists in (es bare, en/fr with `?lang=`, see page-head.ts), read through the app's
 * cached public catalogue answers. Kept for a minute.
 */
export class Sitemap {
  private cached: { xml: string; at: number } | null = null;
  private building: Promise<string> | null = null;

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly origin: string,
  ) {}

  async get(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < SITEMAP_TTL_MS) return this.cached.xml;
    this.building ??= this.build()
      .then((body) => {
        this.cached = { xml: body, at: Date.now() };
        return body;
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  private async build(): Promise<string> {
    const entries: string[] = [];
    const pagePath = (id: string) => ROUTES.find((r) => r.id === id)!.path;
    for (const id of INDEXED_PAGES) {
      const path = pagePath(id);
      entries.push(...urlEntries(this.origin, { es: path, en: path, fr: path }));
    }
    // item id -> its path in each language where it is visible
    const items = new Map<string, Partial<Record<Lang, string>>>();
    const add = (prefix: string, item: { _id: string; title: Record<Lang, string> }, l: Lang) => {
      const key = `${prefix}/${item._id}`;
      const paths = items.get(key) ?? {};
      paths[l] = `${key}/${slugOrDefault(item.title[l])}`;
      items.set(key, paths);
    };
    const budget = () => SITEMAP_MAX_URLS - entries.length - items.size * LANGUAGES.length;
    for (const l of LANGUAGES) {
      const formations = await getOwn<FormationSummary[]>(
        this.fastify,
        `/api/formations?lang=${l}`,
      );
      for (const f of formations.body ?? []) add('/formaciones', f, l);
    }
    for (const l of LANGUAGES) {
      for (let offset = 0; budget() > 0; offset += PAGE) {
        const page = await getOwn<CourseSummary[]>(
          this.fastify,
          `/api/courses/visible?lang=${l}&limit=${PAGE}&offset=${offset}`,
        );
        for (const c of page.body ?? []) add('/courses', c, l);
        if (!page.body || page.body.length < PAGE) break;
      }
    }
    for (const paths of items.values()) entries.push(...urlEntries(this.origin, paths));
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries.slice(0, SITEMAP_MAX_URLS),
      '</urlset>',
      '',
    ].join('\n');
  }
}

/** GET /robots.txt and GET /sitemap.xml on the web server. */
export function registerSeoFiles(fastify: FastifyInstance, origin: string): void {
  const sitemap = new Sitemap(fastify, origin);
  fastify.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(origin)),
  );
  fastify.get('/sitemap.xml', async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=600')
      .send(await sitemap.get()),
  );
}
