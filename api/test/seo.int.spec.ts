// What crawlers and link previews get from the server: a 404 for an address no route
// serves, each page's head tags in the HTML, robots.txt and sitemap.xml.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createCourse, createFormationWithModules } from './support/factories.js';
import { countQueries } from './support/query-counter.js';

let t: TestApp;
let server: Parameters<typeof request>[0];
const webRoot = mkdtempSync(join(tmpdir(), 'circo-seo-'));
const origin = 'https://circo.example';

beforeAll(async () => {
  mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
  writeFileSync(
    join(webRoot, 'shell/dist/index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Circo</title></head><body><div id="root"></div></body></html>',
  );
  // no job worker: its schedules (the payment reconciler every 30 s) add queries to the counts
  // no job worker, and no version polls of the catalogue and the accounts: a timed read landing
  // in a view's window is a statement that view did not make
  t = await createTestApp(
    {
      serveWeb: true,
      webRoot,
      publicUrl: origin,
      catalogCache: { pollMs: 3_600_000, maxBytes: 64 * 1_048_576 },
      accountCache: { pollMs: 3_600_000, maxEntries: 100_000 },
    },
    { JOBS_WORKER: 'false' },
  );
  server = t.app.getHttpServer();
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The head tags of a page as attribute maps, by tag. */
function head(html: string) {
  const one = (re: RegExp) => re.exec(html)?.[1] ?? null;
  return {
    lang: one(/<html[^>]*lang="([^"]+)"/),
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    description: one(/<meta name="description" content="([^"]*)"/),
    robots: one(/<meta name="robots" content="([^"]*)"/),
    canonical: one(/<link rel="canonical" href="([^"]*)"/),
    alternates: Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
    og: Object.fromEntries(
      [...html.matchAll(/<meta property="og:([a-z_]+)" content="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
  };
}

it('answers an address no route serves with 404 and the shell (its not-found page)', async () => {
  for (const path of ['/no-such-page', '/cursos/extra/segments', '/courses', '/admin/nope']) {
    const res = await request(server).get(path);
    expect({ path, status: res.status }).toEqual({ path, status: 404 });
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['content-type']).toContain('text/html');
    expect(head(res.text).robots).toBe('noindex');
  }
  // the routes of the table still answer 200, whatever their case or a trailing slash
  for (const path of ['/', '/Cursos/', '/olvidaste-tu-contrase%C3%B1a', '/admin/edit/123']) {
    expect((await request(server).get(path)).status).toBe(200);
  }
});

it('writes the title, description, canonical, hreflang and Open Graph tags of a public page', async () => {
  const es = head((await request(server).get('/cursos')).text);
  expect(es.lang).toBe('es');
  expect(es.titles).toEqual(['Cursos | Circo Coach']);
  expect(es.description).toMatch(/^Cursos cortos de circo online/);
  expect(es.canonical).toBe(`${origin}/cursos`);
  expect(es.alternates).toEqual({
    es: `${origin}/cursos`,
    en: `${origin}/cursos?lang=en`,
    fr: `${origin}/cursos?lang=fr`,
    'x-default': `${origin}/cursos`,
  });
  expect(es.robots).toBeNull();
  expect(es.og).toMatchObject({
    type: 'website',
    title: 'Cursos | Circo Coach',
    url: `${origin}/cursos`,
    locale: 'es_ES',
    site_name: 'Circo Coach',
  });

  const fr = head((await request(server).get('/nosotros?lang=fr')).text);
  expect(fr.lang).toBe('fr');
  expect(fr.titles).toEqual(['À propos | Circo Coach']);
  expect(fr.canonical).toBe(`${origin}/nosotros?lang=fr`);
  expect(fr.og.locale).toBe('fr_FR');

  // account pages are not indexed and have no canonical
  const login = head((await request(server).get('/login')).text);
  expect(login.robots).toBe('noindex');
  expect(login.canonical).toBeNull();
});

it('gives a course page its title, description and image from the catalogue, in the visible languages only, with no query per view', async () => {
  const course = await createCourse(t.db, {
    title: { es: 'Parada de manos', en: 'Handstands', fr: 'Équilibres' },
    description: {
      es: 'Aprende la parada de manos paso a paso.',
      en: 'Learn handstands step by step.',
      fr: 'Apprenez les équilibres pas à pas.',
    },
    image: {
      es: '/api/content/images/hand.svg',
      en: 'https://res.cloudinary.com/x/hand.jpg',
      fr: null,
    },
    visible: { es: true, en: true, fr: false },
  });
  await t.catalogChanged();
  const res = await request(server).get(`/courses/${course.id}?lang=en`);
  expect(res.status).toBe(200);
  const en = head(res.text);
  expect(en.titles).toEqual(['Handstands | Circo Coach']);
  expect(en.description).toBe('Learn handstands step by step.');
  expect(en.canonical).toBe(`${origin}/courses/${course.id}/handstands?lang=en`);
  expect(en.alternates).toEqual({
    es: `${origin}/courses/${course.id}/parada-de-manos`,
    en: `${origin}/courses/${course.id}/handstands?lang=en`,
    'x-default': `${origin}/courses/${course.id}/parada-de-manos`,
  });
  expect(en.og).toMatchObject({
    type: 'product',
    title: 'Handstands | Circo Coach',
    image: 'https://res.cloudinary.com/x/hand.jpg',
  });
  const es = head((await request(server).get(`/courses/${course.id}/x`)).text);
  expect(es.og.image).toBe(`${origin}/api/content/images/hand.svg`);

  // the catalogue's cached answer serves the next views
  const queries = countQueries(t.db);
  await request(server).get(`/courses/${course.id}?lang=en`).expect(200);
  queries.stop();
  expect(queries.count).toBe(0);

  // an item that does not exist (or an id that is not one) is a 404
  await request(server).get('/courses/00000000-0000-4000-8000-000000000000/x').expect(404);
  await request(server).get('/formaciones/not-an-id').expect(404);
});

it('serves robots.txt that keeps crawlers out of accounts, cart, payment and admin', async () => {
  const res = await request(server).get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  const lines = res.text.split('\n');
  for (const path of ['/admin', '/mis-cursos', '/carrito', '/pago-', '/login', '/api/']) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).not.toContain('Disallow: /cursos');
  expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

it('lists the public pages and every visible course and formation per language in sitemap.xml', async () => {
  const course = await createCourse(t.db, {
    title: { es: 'Malabares', en: 'Juggling', fr: 'Jonglage' },
    visible: { es: true, en: false, fr: true },
  });
  const hidden = await createCourse(t.db, { visible: { es: false, en: false, fr: false } });
  const formation = await createFormationWithModules(t.db, {
    title: { es: 'Formación aérea', en: 'Aerial training', fr: 'Formation aérienne' },
  });
  await t.catalogChanged();
  const res = await request(server).get('/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const page of ['/', '/cursos', '/formaciones', '/nosotros', '/membresia']) {
    expect(locs).toContain(`${origin}${page}`);
    expect(locs).toContain(`${origin}${page}?lang=en`);
    expect(locs).toContain(`${origin}${page}?lang=fr`);
  }
  expect(locs).toContain(`${origin}/courses/${course.id}/malabares`);
  expect(locs).toContain(`${origin}/courses/${course.id}/jonglage?lang=fr`);
  expect(locs.some((l) => l.includes(course.id) && l.includes('lang=en'))).toBe(false);
  expect(locs.some((l) => l.includes(hidden.id))).toBe(false);
  expect(locs).toContain(`${origin}/formaciones/${formation.id}/aerial-training?lang=en`);
  expect(locs.some((l) => /login|mis-cursos|carrito|admin|buscar/.test(l))).toBe(false);
  // each address names its language versions
  expect(res.text).toContain(
    `<xhtml:link rel="alternate" hreflang="fr" href="${origin}/courses/${course.id}/jonglage?lang=fr"/>`,
  );
});
