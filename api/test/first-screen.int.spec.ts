// The first screen: the HTML of /, /cursos and a course page carries the page's first
// answers and the markup the apps' server bundles render, and a missing, old or failing bundle
// leaves the page as it was (no first screen, still 200). The bundles here are small stand-ins of
// the contract (shared-contracts/src/first-screen.ts) that print what they were given; the real
// ones (shell and mf-catalog) are checked in the browser by e2e/journeys/first-screen.spec.ts.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createCourse } from './support/factories.js';
import { countQueries } from './support/query-counter.js';

let t: TestApp;
let server: Parameters<typeof request>[0];
const webRoot = mkdtempSync(join(tmpdir(), 'circo-first-screen-'));
const shellBundle = join(webRoot, 'shell/dist/server/first-screen.cjs');
const remotesFile = join(webRoot, 'remotes.json');
const catalogBundle = join(webRoot, 'mf-catalog/dist/server/first-screen.cjs');

// the shell renders the page's remote inside its layout, React's hints first (as React hoists them)
const SHELL = `
exports.firstScreenApi = 3;
exports.renderPage = async ({ page, lang, pathname, queries, remote, onError }) => {
  let inner = '<p>loading ' + page + '</p>';
  try {
    if (remote) inner = remote.App({ page, queries });
  } catch (err) {
    onError(err);
  }
  const links = /^(?:<link [^>]*>)*/.exec(inner)[0];
  return links + '<header data-lang="' + lang + '">' + pathname + '</header><main>' +
    inner.slice(links.length) + '</main>';
};
`;
const CATALOG = `
exports.firstScreenApi = 3;
exports.serverApp = ({ lang, content }) => ({ page, queries }) => {
  if (page === 'home') return '<h1>' + content.hero.title + '</h1>';
  if (queries[0].error) return '<h1 data-page="' + page + '">refused: ' + queries[0].error.code + '</h1>';
  const data = queries[0].data;
  const item = Array.isArray(data) ? data[0] : data;
  return '<link rel="preload" as="image" href="' + item.image[lang] + '" fetchPriority="high"/>' +
    '<link rel="preload" as="image" href="/other.svg" fetchPriority="auto"/>' +
    '<h1 data-page="' + page + '">' + item.title[lang] + '</h1>';
};
`;

function write(file: string, text: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(async () => {
  write(
    join(webRoot, 'shell/dist/index.html'),
    '<!doctype html><html lang="es"><head><title>Circo</title></head><body><div id="root"></div></body></html>',
  );
  write(join(webRoot, 'mf-catalog/dist/mf-manifest.json'), '{}');
  write(shellBundle, SHELL);
  write(catalogBundle, CATALOG);
  // no job worker: its schedules (the payment reconciler every 30 s) add queries to the counts
  // no job worker, and no version polls of the catalogue and the accounts: their timers would
  // add statements to the count of a view served from the caches (the writes here are this
  // instance's own, which drops its caches at once)
  t = await createTestApp(
    {
      serveWeb: true,
      webRoot,
      remotesFile,
      remoteCheckTimeoutMs: 2_000,
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

interface Data {
  lang: string;
  queries?: Array<{ key: unknown[]; data?: unknown; error?: unknown }>;
}
const dataOf = (html: string) =>
  JSON.parse(
    /<script id="circo-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(html)![1],
  ) as Data;
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1] ?? null;
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

it('writes the first screen of /, /cursos and a course page, in the page language, with its first answers', async () => {
  const course = await createCourse(t.db, {
    title: { es: 'Parada de manos', en: 'Handstands', fr: 'Équilibres' },
    image: { es: '/img/es.svg', en: '/img/en.svg', fr: '/img/fr.svg' },
  });
  await t.catalogChanged();

  const home = await request(server).get('/?lang=fr').expect(200);
  expect(rootOf(home.text)).toBe(
    '<header data-lang="fr">/</header><main><h1>Entraînez-vous au cirque avec méthode, où que vous soyez</h1></main>',
  );
  expect(dataOf(home.text).queries).toBeUndefined();

  const list = await request(server).get('/cursos').set('Cookie', 'lang=en').expect(200);
  const data = dataOf(list.text);
  expect(data.lang).toBe('en');
  expect(data.queries?.map((q) => q.key)).toEqual([['catalog', 'courses', { lang: 'en' }]]);
  const first = (data.queries![0].data as Array<{ title: { en: string } }>)[0];
  expect(rootOf(list.text)).toBe(
    `<header data-lang="en">/cursos</header><main><h1 data-page="courses">${first.title.en}</h1></main>`,
  );

  const detail = await request(server).get(`/courses/${course.id}/x?lang=es`).expect(200);
  expect(rootOf(detail.text)).toContain('<h1 data-page="courseDetail">Parada de manos</h1>');
  expect(dataOf(detail.text).queries?.map((q) => q.key)).toEqual([
    ['catalog', 'course', course.id, { lang: 'es' }],
    ['catalog', 'discounts', 'active'],
    // "Included in <plan>" beside the price
    ['catalog', 'plans', { lang: 'es' }],
  ]);
  // the LCP image is preloaded from the head (the page's other hints are not), its styles applied
  const head = headOf(detail.text);
  expect(head).toContain(
    '<link rel="preload" as="image" href="/img/es.svg" fetchPriority="high"/>',
  );
  expect(head).not.toContain('/other.svg');
  expect(rootOf(detail.text)).not.toContain('<link');

  // the cached answers serve the next views
  const queries = countQueries(t.db);
  await request(server).get(`/courses/${course.id}/x?lang=es`).expect(200);
  await request(server).get('/cursos').set('Cookie', 'lang=en').expect(200);
  queries.stop();
  expect(queries.count).toBe(0);
});

it('writes the screen of an item that is missing or not in the page language from its refusal, which the page gets too', async () => {
  const missing = await request(server).get('/courses/00000000-0000-4000-8000-000000000000/x');
  expect(missing.status).toBe(404);
  expect(rootOf(missing.text)).toBe(
    '<header data-lang="es">/courses/00000000-0000-4000-8000-000000000000/x</header><main><h1 data-page="courseDetail">refused: courses.not_found</h1></main>',
  );
  expect(dataOf(missing.text).queries?.[0]).toEqual({
    key: ['catalog', 'course', '00000000-0000-4000-8000-000000000000', { lang: 'es' }],
    error: expect.objectContaining({ statusCode: 404, code: 'courses.not_found' }),
  });

  const spanishOnly = await createCourse(t.db, { visible: { es: true, en: false, fr: false } });
  await t.catalogChanged();
  const elsewhere = await request(server).get(`/courses/${spanishOnly.id}/x?lang=en`).expect(200);
  expect(rootOf(elsewhere.text)).toContain('refused: catalog.unavailable_in_language');
  expect(dataOf(elsewhere.text).queries?.[0]).toEqual({
    key: ['catalog', 'course', spanishOnly.id, { lang: 'en' }],
    error: expect.objectContaining({
      statusCode: 403,
      code: 'catalog.unavailable_in_language',
      data: { availableLanguages: ['es'] },
    }),
  });
  // a malformed id is a 400: the page is the browser's
  const malformed = await request(server).get('/courses/not-an-id/x');
  expect(rootOf(malformed.text)).toContain('<p>loading courseDetail</p>');
});

it("sends the shell's part alone for a page of the shell or of a remote without a server bundle, a page behind a sign-in and an unknown address", async () => {
  for (const [path, page] of [
    ['/login', 'login'],
    ['/carrito', 'cart'],
    ['/mis-cursos', 'myCourses'],
    ['/no-such-page', 'notFound'],
  ]) {
    expect({ path, root: rootOf((await request(server).get(path)).text) }).toEqual({
      path,
      root: `<header data-lang="es">${path}</header><main><p>loading ${page}</p></main>`,
    });
  }
});

it("sends the page without its remote's part when that bundle is missing, of another contract, or throws; without a first screen when the shell's is", async () => {
  const homeRoot = async () => rootOf((await request(server).get('/').expect(200)).text);
  const withoutPage = '<header data-lang="es">/</header><main><p>loading home</p></main>';
  expect(await homeRoot()).toContain('<h1>');

  rmSync(catalogBundle);
  expect(await homeRoot()).toBe(withoutPage);

  write(catalogBundle, CATALOG.replace('firstScreenApi = 3', 'firstScreenApi = 99'));
  expect(await homeRoot()).toBe(withoutPage);

  write(catalogBundle, `${CATALOG}\nexports.serverApp = () => () => { throw new Error('boom'); };`);
  expect(await homeRoot()).toBe(withoutPage);

  write(shellBundle, 'this is not javascript');
  write(catalogBundle, CATALOG);
  expect(await homeRoot()).toBe('');

  write(shellBundle, SHELL.replace('firstScreenApi = 3', 'firstScreenApi = 1'));
  expect(await homeRoot()).toBe('');

  // a new release of the bundle is picked up without a restart
  write(shellBundle, SHELL);
  expect(await homeRoot()).toContain('<h1>');
});

it("allows exactly the inline scripts of React's markup (its form replay) by their hash", async () => {
  const script = 'window.__replay = [];';
  const csp = (res: request.Response) =>
    /script-src [^;]*/.exec(res.headers['content-security-policy'] as string)![0];
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  try {
    write(
      shellBundle,
      SHELL.replace("'</main>'", `'<script>${script}</script><form></form></main>'`),
    );
    const home = await request(server).get('/').expect(200);
    expect(rootOf(home.text)).toContain(`<script>${script}</script><form></form>`);
    expect(csp(home)).toBe(`script-src 'self' ${hash} https://js.stripe.com`);
    expect(csp(home)).not.toContain('unsafe-inline');
    // a page without such a script: its policy allows none
    write(shellBundle, SHELL);
    const plain = await request(server).get('/').expect(200);
    expect(plain.text).not.toContain(`<script>${script}`);
    expect(csp(plain)).not.toContain('sha256-');
  } finally {
    write(shellBundle, SHELL);
  }
});

it("runs the apps' bundles where the API's secrets are out of reach: no environment, none of its files", async () => {
  // a bundle that looks for what it should not see, and prints what it found
  const PROBE = `
const { readFileSync } = require('node:fs');
const tryRead = (f) => { try { return 'read ' + readFileSync(f, 'utf8').length; } catch (e) { return e.code; } };
exports.firstScreenApi = 3;
exports.renderPage = async () => '<p>' + [
  'env=' + Object.keys(process.env).length,
  'data=' + tryRead(${JSON.stringify(join(t.config.dataDir, 'probe.txt'))}),
  'api=' + tryRead('/proc/' + process.ppid + '/environ'),
  'spawn=' + (() => { try { require('node:child_process').execFileSync('true'); return 'ran'; } catch (e) { return e.code; } })(),
].join(' ') + '</p>';
`;
  writeFileSync(join(t.config.dataDir, 'probe.txt'), 'JWT_SECRET=not for bundles');
  try {
    write(shellBundle, PROBE);
    const home = await request(server).get('/').expect(200);
    expect(rootOf(home.text)).toBe(
      '<p>env=0 data=ERR_ACCESS_DENIED api=ERR_ACCESS_DENIED spawn=ERR_ACCESS_DENIED</p>',
    );
  } finally {
    write(shellBundle, SHELL);
  }
});

describe('a remote released on another origin', () => {
  let origin: Server;
  let base = '';
  /** what the remote's origin serves, by path */
  const files = new Map<string, string>();
  const asked: string[] = [];
  const integrity = (code: string) =>
    `sha384-${createHash('sha384').update(code).digest('base64')}`;
  const manifest = (listed: object | undefined) =>
    JSON.stringify({
      id: 'mf_catalog',
      name: 'mf_catalog',
      metaData: { buildInfo: { buildVersion: '2.0.0' } },
      shared: [],
      remotes: [],
      exposes: [{ name: 'App', path: './App' }],
      release: { appVersion: '2.0.0', firstScreen: listed },
    });
  const RELEASED = CATALOG.replace(
    "'<h1>' + content.hero.title",
    "'<h1>released ' + content.hero.title",
  );

  beforeAll(async () => {
    origin = createServer((req, res) => {
      asked.push(req.url ?? '');
      const body = files.get(req.url ?? '');
      res.statusCode = body === undefined ? 404 : 200;
      res.end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    writeFileSync(remotesFile, '{}');
    await new Promise((resolve) => origin.close(resolve));
  });

  /** Points mf_catalog at release `version` of the origin (a new version is fetched anew). */
  const release = (version: string, bundle: string, listed: string = integrity(bundle)) => {
    files.set(
      `/${version}/mf-manifest.json`,
      manifest({ file: 'server/first-screen.cjs', integrity: listed }),
    );
    files.set(`/${version}/server/first-screen.cjs`, bundle);
    writeFileSync(
      remotesFile,
      JSON.stringify({
        mf_catalog: { entry: `${base}/${version}/mf-manifest.json`, version: '2.0.0' },
      }),
    );
  };
  const homeRoot = async () => rootOf((await request(server).get('/').expect(200)).text);
  const withoutPage = '<header data-lang="es">/</header><main><p>loading home</p></main>';

  it('renders its part from the server bundle its manifest lists, fetched once per release', async () => {
    release('r1', RELEASED);
    expect(await homeRoot()).toContain('<h1>released ');
    expect(await homeRoot()).toContain('<h1>released ');
    expect(asked.filter((u) => u === '/r1/server/first-screen.cjs')).toEqual([
      '/r1/server/first-screen.cjs',
    ]);
  });

  it('leaves its part to the browser when the bundle does not match the hash, or is not listed', async () => {
    release('r2', RELEASED, integrity('what was built'));
    expect(await homeRoot()).toBe(withoutPage);

    files.set('/r3/mf-manifest.json', manifest(undefined));
    writeFileSync(
      remotesFile,
      JSON.stringify({ mf_catalog: { entry: `${base}/r3/mf-manifest.json`, version: '2.0.0' } }),
    );
    expect(await homeRoot()).toBe(withoutPage);

    // a release whose bundle matches again
    release('r4', RELEASED);
    expect(await homeRoot()).toContain('<h1>released ');
  });
});
