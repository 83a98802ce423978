// The shell's HTML as the server sends it: the data the shell needs at start and the preloads of
// the landing remote, read from real files in a scratch web root.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstSession, matchRoute, type Lang, type RemotesFile } from '@circo/shared-contracts';
import {
  HtmlBootstrap,
  injectBootstrap,
  jsonForHtml,
  remotePreloads,
  type BootstrapData,
} from './html-bootstrap.js';
import { langOf, pageLang, signedInOf, type ServerPage } from './page-context.js';

const CONFIG = { salesPaused: false, accessPeriodMonths: 12, stripePublishableKey: null };
const REMOTES = {
  mf_catalog: '/remotes/mf-catalog/mf-manifest.json',
  mf_learning: 'https://cdn.example.com/mf-learning/2.0.0/mf-manifest.json',
};
const SHELL_HTML =
  '<!doctype html><html lang="es"><head><title>Circo</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
const CATALOG_MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './App',
      assets: {
        js: { sync: ['415.38a620b0.js', '__federation_expose_App.c84a5adb.js'], async: [] },
        css: { sync: ['__federation_expose_App.fa9a0283.css'], async: [] },
      },
    },
  ],
};

/** The bootstrap data of a rendered page, parsed back as the shell reads it. */
function dataOf(html: string): BootstrapData {
  const m = /<script id="circo-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no bootstrap element');
  return JSON.parse(m[1]) as BootstrapData;
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe('langOf', () => {
  it('reads the lang cookie among others, else the shell default (es)', () => {
    expect(langOf('a=1; lang=fr; b=2')).toBe('fr');
    expect(langOf('lang=en')).toBe('en');
    expect(langOf(undefined)).toBe('es');
    expect(langOf('lang=de')).toBe('es');
    expect(langOf('xlang=fr')).toBe('es');
  });

  it("takes a first visit's language from the browser's Accept-Language, by preference", () => {
    expect(langOf(undefined, 'en-GB,en;q=0.9')).toBe('en');
    expect(langOf(undefined, 'de-DE,de;q=0.9,fr;q=0.8,es;q=0.5')).toBe('fr');
    expect(langOf(undefined, 'es;q=0.2, fr;q=0.7')).toBe('fr');
    expect(langOf(undefined, 'de, it;q=0.5')).toBe('es');
    expect(langOf(undefined, 'en;q=0, fr;q=x')).toBe('es');
    // a saved choice wins over the browser's
    expect(langOf('lang=fr', 'en-US')).toBe('fr');
  });
});

describe('signedInOf', () => {
  it('reads the signed-in hint among other cookies, and nothing else as one', () => {
    expect(signedInOf('lang=en; signed_in=1')).toBe(true);
    expect(signedInOf('signed_in=1')).toBe(true);
    expect(signedInOf('signed_in=')).toBe(false);
    expect(signedInOf('not_signed_in=1')).toBe(false);
    expect(signedInOf(undefined)).toBe(false);
  });
});

describe('pageLang', () => {
  it("takes the address's ?lang= first, then the saved choice", () => {
    expect(pageLang('en', 'lang=fr')).toBe('en');
    expect(pageLang(null, 'lang=fr')).toBe('fr');
    expect(pageLang('de', 'lang=fr')).toBe('fr');
    expect(pageLang(null, undefined)).toBe('es');
  });
});

describe('remotePreloads', () => {
  it('lists the manifest, the remote entry and the App chunks, relative to the manifest', () => {
    expect(
      remotePreloads('https://cdn.example.com/cat/1.4.0/mf-manifest.json', CATALOG_MANIFEST),
    ).toEqual([
      { href: 'https://cdn.example.com/cat/1.4.0/mf-manifest.json', as: 'fetch' },
      { href: 'https://cdn.example.com/cat/1.4.0/remoteEntry.js', as: 'script' },
      { href: 'https://cdn.example.com/cat/1.4.0/415.38a620b0.js', as: 'script' },
      {
        href: 'https://cdn.example.com/cat/1.4.0/__federation_expose_App.c84a5adb.js',
        as: 'script',
      },
      {
        href: 'https://cdn.example.com/cat/1.4.0/__federation_expose_App.fa9a0283.css',
        as: 'style',
      },
    ]);
  });

  it("gives a stylesheet the key the remote's CSS loading finds it by, when its manifest has one", () => {
    const manifest = {
      ...CATALOG_MANIFEST,
      release: { cssChunks: { '__federation_expose_App.fa9a0283.css': 'mf_catalog:chunk-362' } },
    };
    expect(remotePreloads('/remotes/mf-catalog/mf-manifest.json', manifest).at(-1)).toEqual({
      href: '/remotes/mf-catalog/__federation_expose_App.fa9a0283.css',
      as: 'style',
      chunk: 'mf_catalog:chunk-362',
    });
    const html = injectBootstrap(
      SHELL_HTML,
      { remotes: REMOTES, config: CONFIG, lang: 'es', content: null, session: 'anonymous' },
      remotePreloads('/remotes/mf-catalog/mf-manifest.json', manifest),
      { head: '', body: '<h1>Hola</h1>', scripts: [], complete: true },
    );
    expect(html).toContain(
      '<link rel="stylesheet" href="/remotes/mf-catalog/__federation_expose_App.fa9a0283.css" data-rspack="mf_catalog:chunk-362" />',
    );
  });

  it('lists only the manifest when its contents are unknown', () => {
    expect(remotePreloads('/m/mf-manifest.json', null)).toEqual([
      { href: '/m/mf-manifest.json', as: 'fetch' },
    ]);
  });
});

describe('injectBootstrap', () => {
  const data: BootstrapData = {
    remotes: REMOTES,
    config: CONFIG,
    lang: 'es',
    content: null,
    session: 'anonymous',
  };

  it('puts a first screen in the root element, its hints first in the head, and applies its styles at once', () => {
    const preloads = [
      { href: '/bootstrap.0123abcd.css', as: 'style' as const },
      { href: '/remotes/mf-catalog/remoteEntry.js', as: 'script' as const },
    ];
    const screen = {
      head: '<link rel="preload" as="image" href="/a.svg" fetchPriority="high"/>',
      body: '<header>Circo</header><main><h1>Hola</h1></main>',
      scripts: [],
      complete: true,
    };
    const html = injectBootstrap(SHELL_HTML, data, preloads, screen);
    expect(html).toContain(`<div id="root">${screen.body}</div>`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(screen.head)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    expect(head).toContain('<link rel="stylesheet" href="/bootstrap.0123abcd.css" />');
    expect(head).not.toContain('as="style"');
    // without a first screen the root stays empty and styles are only preloaded
    const plain = injectBootstrap(SHELL_HTML, data, preloads);
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).toContain('<link rel="preload" as="style" href="/bootstrap.0123abcd.css" />');
  });

  it('writes data that cannot end its script element, parsed back unchanged', () => {
    const tricky = { ...data, content: { siteName: '</script><script>alert(1)</script> & <!--' } };
    const html = injectBootstrap(SHELL_HTML, tricky as unknown as BootstrapData, []);
    expect(html).not.toContain('</script><script>alert');
    expect(html).not.toContain('<!--');
    expect(dataOf(html)).toEqual(tricky);
    expect(jsonForHtml('<>&')).toBe('"\\u003c\\u003e\\u0026"');
  });

  it('puts the hints and data at the end of <head>, once per URL, manifests with CORS', () => {
    const html = injectBootstrap(SHELL_HTML, data, [
      { href: '/m.json', as: 'fetch' },
      { href: '/a.js', as: 'script' },
      { href: '/a.js', as: 'script' },
    ]);
    expect(html.indexOf('<link rel="preload"')).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf('</script></head>')).toBeGreaterThan(0);
    expect(preloadsOf(html)).toEqual(['fetch /m.json', 'script /a.js']);
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/m.json" crossorigin="anonymous" />',
    );
  });

  it('keeps the doctype first in a page without <head>, and sets <html lang>', () => {
    const html = injectBootstrap('<!doctype html><div id="root"></div>', data, []);
    expect(html.startsWith('<!doctype html><script id="circo-bootstrap"')).toBe(true);
    expect(injectBootstrap(SHELL_HTML, { ...data, lang: 'fr' }, [])).toContain('<html lang="fr">');
  });
});

describe('HtmlBootstrap', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'circo-bootstrap-'));
  const contentDir = join(webRoot, 'content');
  let config = CONFIG;
  const bootstrap = new HtmlBootstrap({ webRoot, contentDir });
  /** The page at `pathname` as page-context.ts decides it (no first answers). */
  const pageAt = async (
    from: HtmlBootstrap,
    pathname: string,
    lang: Lang,
    signedIn = false,
  ): Promise<ServerPage> => {
    const match = matchRoute(pathname);
    const session = firstSession(signedIn, match?.route.access);
    const content = await from.content(lang);
    const context = { lang, content, config, session };
    return { pathname, search: '', match, signedIn, context, queries: null, item: null };
  };
  const render = async (
    pathname: string,
    lang: Lang,
    remotes: RemotesFile,
    o: { signedIn?: boolean } = {},
  ) => bootstrap.render(await pageAt(bootstrap, pathname, lang, o.signedIn), remotes);

  beforeAll(() => {
    mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
    mkdirSync(join(webRoot, 'mf-catalog/dist'), { recursive: true });
    mkdirSync(contentDir);
    writeFileSync(join(webRoot, 'shell/dist/index.html'), SHELL_HTML);
    writeFileSync(join(webRoot, 'shell/dist/bootstrap.0f433ced.js'), '');
    writeFileSync(join(webRoot, 'shell/dist/bootstrap.da0a9e9c.css'), '');
    writeFileSync(join(webRoot, 'shell/dist/121.54992e86.js'), '');
    writeFileSync(
      join(webRoot, 'mf-catalog/dist/mf-manifest.json'),
      JSON.stringify(CATALOG_MANIFEST),
    );
    for (const lang of ['es', 'en', 'fr']) {
      writeFileSync(
        join(contentDir, `site.${lang}.json`),
        JSON.stringify({ siteName: `Circo ${lang}` }),
      );
    }
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it('gives a page of a remote served here its remotes map, config, content and preloads', async () => {
    const html = (await render('/cursos', 'es', REMOTES))!;
    expect(dataOf(html)).toEqual({
      remotes: REMOTES,
      config: CONFIG,
      lang: 'es',
      content: { siteName: 'Circo es' },
      session: 'anonymous',
    });
    expect(preloadsOf(html)).toEqual([
      'style /bootstrap.da0a9e9c.css',
      'script /bootstrap.0f433ced.js',
      'fetch /remotes/mf-catalog/mf-manifest.json',
      'script /remotes/mf-catalog/remoteEntry.js',
      'script /remotes/mf-catalog/415.38a620b0.js',
      'script /remotes/mf-catalog/__federation_expose_App.c84a5adb.js',
      'style /remotes/mf-catalog/__federation_expose_App.fa9a0283.css',
    ]);
  });

  it("follows the visitor's language cookie, the config and a changed content file", async () => {
    config = { ...CONFIG, salesPaused: true };
    const before = dataOf((await render('/', 'fr', REMOTES))!);
    expect(before.lang).toBe('fr');
    expect(before.content).toEqual({ siteName: 'Circo fr' });
    expect(before.config.salesPaused).toBe(true);
    writeFileSync(join(contentDir, 'site.fr.json'), JSON.stringify({ siteName: 'Nouveau nom!' }));
    const after = dataOf((await render('/', 'fr', REMOTES))!);
    expect(after.content).toEqual({ siteName: 'Nouveau nom!' });
    config = CONFIG;
  });

  it('hints only the shell for its own pages and those behind a sign-in, and only the manifest of a remote elsewhere', async () => {
    const login = preloadsOf((await render('/login', 'es', REMOTES))!);
    expect(login).toEqual(['style /bootstrap.da0a9e9c.css', 'script /bootstrap.0f433ced.js']);
    const mine = preloadsOf((await render('/mis-cursos', 'es', REMOTES))!);
    expect(mine).toEqual(login);
    const elsewhere = { mf_catalog: 'https://cdn.example.com/cat/2.0.0/mf-manifest.json' };
    const courses = preloadsOf((await render('/cursos', 'es', elsewhere))!);
    expect(courses.slice(2)).toEqual(['fetch https://cdn.example.com/cat/2.0.0/mf-manifest.json']);
    // a remote missing from the map, or an unknown path: nothing to hint
    expect(preloadsOf((await render('/carrito', 'es', REMOTES))!)).toHaveLength(2);
    expect(preloadsOf((await render('/nope', 'es', REMOTES))!)).toHaveLength(2);
  });

  it("hints a signed-in page's code when the browser says it holds a session, never an admin page's", async () => {
    const remotes = {
      ...REMOTES,
      mf_learning: 'https://cdn.example.com/learn/1.0.0/mf-manifest.json',
      mf_admin: 'https://cdn.example.com/admin/1.0.0/mf-manifest.json',
    };
    const mine = preloadsOf((await render('/mis-cursos', 'es', remotes, { signedIn: true }))!);
    expect(mine.slice(2)).toEqual(['fetch https://cdn.example.com/learn/1.0.0/mf-manifest.json']);
    const visitor = preloadsOf((await render('/mis-cursos', 'es', remotes))!);
    expect(visitor).toHaveLength(2);
    const admin = preloadsOf((await render('/admin', 'es', remotes, { signedIn: true }))!);
    expect(admin).toHaveLength(2);
  });

  it('sends null content when the language file is missing or broken, and null HTML unbuilt', async () => {
    writeFileSync(join(contentDir, 'site.en.json'), '{ not json');
    expect(dataOf((await render('/', 'en', REMOTES))!).content).toBeNull();
    const empty = new HtmlBootstrap({ webRoot: join(webRoot, 'nowhere'), contentDir });
    expect(await empty.render(await pageAt(empty, '/', 'es'), REMOTES)).toBeNull();
  });
});
