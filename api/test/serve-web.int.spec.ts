// The composed front end served from the API's port: shell with SPA fallback, remotes with CORS,
// and the runtime /remotes.json an operator re-points without a restart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let server: Parameters<typeof request>[0];
const webRoot = mkdtempSync(join(tmpdir(), 'circo-web-'));
const remotesFile = join(webRoot, 'remotes.json');

/** A Module Federation manifest as our build writes it (only what the release check reads). */
function manifest(
  name: string,
  version: string,
  o: { sharedWeb?: string; uses?: string[]; provides?: string[] } = {},
) {
  const shared = (pkg: string, v: string, range = `^${v}`) => ({
    id: `${name}:${pkg}`,
    name: pkg,
    version: v,
    singleton: true,
    requiredVersion: range,
  });
  return JSON.stringify({
    id: name,
    name,
    metaData: { buildInfo: { buildVersion: version, buildName: `@circo/${name}` } },
    shared: [
      shared('react', '19.3.1'),
      shared('@circo/shared-web', o.sharedWeb ?? '1.0.0', `^${o.sharedWeb ?? '1.0.0'}`),
    ],
    remotes: [],
    exposes: name === 'shell' ? [] : [{ id: `${name}:App`, name: 'App', path: './App' }],
    release: o.provides
      ? { appVersion: version, provides: { '@circo/shared-web': o.provides } }
      : { appVersion: version, uses: { '@circo/shared-web': o.uses ?? ['Spinner'] } },
  });
}

// a CDN stand-in with released remotes (good and bad) and one path that never answers
const CDN_FILES: Record<string, string> = {
  '/mf-catalog/2.0.0/mf-manifest.json': manifest('mf_catalog', '2.0.0'),
  '/mf-catalog/2.1.0/mf-manifest.json': manifest('mf_catalog', '2.1.0', { sharedWeb: '1.1.0' }),
  '/mf-catalog/2.2.0/mf-manifest.json': manifest('mf_catalog', '2.2.0', {
    uses: ['Spinner', 'formatDuration'],
  }),
  '/mf-admin/3.0.0/mf-manifest.json': manifest('mf_admin', '3.0.0'),
  '/not-a-manifest.json': '{"hello": "world"}',
};
let cdn: Server;
let cdnUrl: string;
let closedPortUrl: string;

beforeAll(async () => {
  cdn = createServer((req, res) => {
    if (req.url === '/hang/mf-manifest.json') return; // never answers
    const body = CDN_FILES[req.url ?? ''];
    res.statusCode = body ? 200 : 404;
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  // a port that was just free: nothing listens there any more
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/mf-catalog/2.3.0/mf-manifest.json`;
  await new Promise((resolve) => gone.close(resolve));

  mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
  mkdirSync(join(webRoot, 'mf-catalog/dist'), { recursive: true });
  writeFileSync(join(webRoot, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, 'shell/dist/main.0123abcd.js'), 'console.log(1)');
  writeFileSync(
    join(webRoot, 'shell/dist/mf-manifest.json'),
    manifest('shell', '1.0.0', { provides: ['Spinner', 'Price'] }),
  );
  writeFileSync(join(webRoot, 'mf-catalog/dist/mf-manifest.json'), manifest('mf_catalog', '1.0.0'));
  writeFileSync(join(webRoot, 'mf-catalog/dist/index.html'), '<!doctype html><div id="app"></div>');
  t = await createTestApp({ serveWeb: true, webRoot, remotesFile, remoteCheckTimeoutMs: 500 });
  server = t.app.getHttpServer();
});
afterAll(async () => {
  await t?.close();
  cdn?.closeAllConnections();
  await new Promise((resolve) => cdn?.close(resolve));
  rmSync(webRoot, { recursive: true, force: true });
});

it('answers every app route with the shell, with a CSP and no caching', async () => {
  for (const path of ['/', '/cursos', '/olvidaste-tu-contrase%C3%B1a', '/admin/edit/123']) {
    const res = await request(server).get(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  }
});

it('serves hashed assets for a year, and a missing asset or API path as a JSON 404', async () => {
  const js = await request(server).get('/main.0123abcd.js');
  expect(js.status).toBe(200);
  expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const missing = await request(server).get('/nope.js');
  expect(missing.status).toBe(404);
  const api = await request(server).get('/api/nope');
  expect(api.status).toBe(404);
  expect(api.body).toMatchObject({ statusCode: 404, code: 'common.not_found' });
  const escape = await request(server).get(
    '/remotes/mf-catalog/..%2F..%2Fshell%2Fdist%2Findex.html',
  );
  expect(escape.status).toBe(404);
});

it('serves a remote with CORS, and /remotes.json follows the operator file at once', async () => {
  const manifest = await request(server).get('/remotes/mf-catalog/mf-manifest.json');
  expect(manifest.status).toBe(200);
  expect(manifest.headers['access-control-allow-origin']).toBe('*');

  const defaults = await request(server).get('/remotes.json');
  expect(defaults.body).toEqual({
    mf_catalog: '/remotes/mf-catalog/mf-manifest.json',
    mf_learning: '/remotes/mf-learning/mf-manifest.json',
    mf_checkout: '/remotes/mf-checkout/mf-manifest.json',
    mf_admin: '/remotes/mf-admin/mf-manifest.json',
  });

  const entry = `${cdnUrl}/mf-catalog/2.0.0/mf-manifest.json`;
  writeFileSync(remotesFile, JSON.stringify({ mf_catalog: { entry, version: '2.0.0' } }));
  const repointed = await request(server).get('/remotes.json');
  expect(repointed.body.mf_catalog).toEqual({ entry, version: '2.0.0' });
  expect(repointed.body.mf_admin).toBe('/remotes/mf-admin/mf-manifest.json');
  const page = await request(server).get('/cursos');
  expect(page.headers['content-security-policy']).toContain(cdnUrl);

  // a broken file is reported and the defaults keep the site up
  const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  writeFileSync(remotesFile, '{ not json');
  expect((await request(server).get('/remotes.json')).body.mf_catalog).toBe(
    '/remotes/mf-catalog/mf-manifest.json',
  );
  expect(warned).toHaveBeenCalledWith(expect.stringContaining('is not valid JSON'));
  warned.mockRestore();
  writeFileSync(remotesFile, '{}');
});

const DEFAULTS = {
  mf_catalog: '/remotes/mf-catalog/mf-manifest.json',
  mf_learning: '/remotes/mf-learning/mf-manifest.json',
  mf_checkout: '/remotes/mf-checkout/mf-manifest.json',
  mf_admin: '/remotes/mf-admin/mf-manifest.json',
};

function expectSecureHtml(res: request.Response, path: string): void {
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  const csp = res.headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
}

it('sends the CSP and security headers with every HTML page: the shell asked for as /index.html and each remote standalone', async () => {
  for (const path of ['/', '/cursos', '/index.html', '/remotes/mf-catalog/index.html']) {
    expectSecureHtml(await request(server).get(path), path);
  }
});

it('ignores a bad remotes file or entry (reported once per change, never a 500): pages stay 200 and /remotes.json valid', async () => {
  const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const bad = [
    '{ not json',
    'null',
    '[1, 2]',
    '"mf_catalog"',
    '{"mf_catalog": null}',
    '{"mf_catalog": 42}',
    '{"mf_catalog": ["https://cdn.example.com/x.json"]}',
    '{"mf_catalog": {}}',
    '{"mf_catalog": {"entry": null}}',
    '{"mf_catalog": {"entry": "https://cdn.example.com/x.json", "version": 2}}',
    '{"mf_catalog": "not a url"}',
    '{"mf_catalog": "remotes/relative.json"}',
    '{"mf_catalog": "//cdn.example.com/x.json"}',
    '{"mf_catalog": "javascript:alert(1)"}',
    '{"mf_catalog": "https://a;script-src *.evil.example/x.json"}',
    '{"mf_catalog": "https://cdn.example.com/x.json\\n"}',
    '{"mf_nope": "https://cdn.example.com/x.json"}',
  ];
  try {
    for (const content of bad) {
      writeFileSync(remotesFile, content);
      warned.mockClear();
      for (let i = 0; i < 3; i++) {
        const remotes = await request(server).get('/remotes.json');
        expect({ content, status: remotes.status, body: remotes.body }).toEqual({
          content,
          status: 200,
          body: DEFAULTS,
        });
        for (const path of ['/', '/cursos', '/index.html', '/remotes/mf-catalog/index.html']) {
          const page = await request(server).get(path);
          expectSecureHtml(page, `${path} with ${content}`);
          expect(page.headers['content-security-policy']).not.toMatch(/evil|\*/);
        }
      }
      // reported once for this content, not once per request
      expect({ content, reports: warned.mock.calls.length }).toEqual({ content, reports: 1 });
      expect(String(warned.mock.calls[0][0])).toContain(remotesFile);
    }

    // one bad entry falls back to its default; the good entries still apply
    const entry = `${cdnUrl}/mf-admin/3.0.0/mf-manifest.json`;
    writeFileSync(
      remotesFile,
      JSON.stringify({ mf_catalog: null, mf_admin: { entry, version: '3.0.0' } }),
    );
    const mixed = await request(server).get('/remotes.json');
    expect(mixed.body).toEqual({ ...DEFAULTS, mf_admin: { entry, version: '3.0.0' } });
    const page = await request(server).get('/cursos');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(cdnUrl);
  } finally {
    warned.mockRestore();
    writeFileSync(remotesFile, '{}');
  }
});

it('serves the last good entry (or the default) when the file points at an incompatible or unreachable manifest, reported once each', async () => {
  const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const point = (entry: string, version?: string) =>
    writeFileSync(
      remotesFile,
      JSON.stringify({ mf_catalog: version ? { entry, version } : entry }),
    );
  const served = async () => {
    const remotes = await request(server).get('/remotes.json');
    expect(remotes.status).toBe(200);
    // the page stays up whatever the file says
    expectSecureHtml(await request(server).get('/cursos'), '/cursos');
    return remotes.body.mf_catalog as unknown;
  };
  const good = { entry: `${cdnUrl}/mf-catalog/2.0.0/mf-manifest.json`, version: '2.0.0' };
  try {
    // a release that fits the shell goes live
    point(good.entry, good.version);
    expect(await served()).toEqual(good);
    expect(warned).not.toHaveBeenCalled();

    const refusals: Array<[string, string | undefined, RegExp]> = [
      // built against a shared-web 1.1 the shell (1.0.0) does not provide
      [
        `${cdnUrl}/mf-catalog/2.1.0/mf-manifest.json`,
        '2.1.0',
        /incompatible with the shell 1\.0\.0: it requires @circo\/shared-web \^1\.1\.0 but the shell 1\.0\.0 provides 1\.0\.0/,
      ],
      // imports an export the shell's shared-web lacks
      [
        `${cdnUrl}/mf-catalog/2.2.0/mf-manifest.json`,
        '2.2.0',
        /it imports formatDuration from @circo\/shared-web/,
      ],
      [closedPortUrl, '2.3.0', /unreachable: ECONNREFUSED/],
      [`${cdnUrl}/hang/mf-manifest.json`, undefined, /unreachable: no answer within 500 ms/],
      [`${cdnUrl}/mf-catalog/9.9.9/mf-manifest.json`, undefined, /unreachable: it answered 404/],
      [`${cdnUrl}/not-a-manifest.json`, undefined, /not a Module Federation manifest/],
      // the label in the file must be the build's own version
      [good.entry, '2.0.1', /says version 2\.0\.1 but the manifest is of version 2\.0\.0/],
    ];
    for (const [entry, version, reason] of refusals) {
      point(entry, version);
      warned.mockClear();
      for (let i = 0; i < 3; i++)
        expect({ entry, served: await served() }).toEqual({ entry, served: good });
      expect({ entry, reports: warned.mock.calls.length }).toEqual({ entry, reports: 1 });
      const message = String(warned.mock.calls[0][0]);
      expect(message).toMatch(reason);
      expect(message).toContain('serving the last good entry');
      expect(message).toContain(good.entry);
    }

    // back to the default, then a bad release: the default stays (it was the last good one)
    writeFileSync(remotesFile, '{}');
    expect(await served()).toBe(DEFAULTS.mf_catalog);
    warned.mockClear();
    point(`${cdnUrl}/mf-catalog/2.1.0/mf-manifest.json`, '2.1.0');
    expect(await served()).toBe(DEFAULTS.mf_catalog);
    expect(String(warned.mock.calls[0][0])).toContain('serving its default instead');
    // the bad entry's origin is not admitted by the page's CSP either
    const page = await request(server).get('/cursos');
    expect(page.headers['content-security-policy']).not.toContain(cdnUrl);
  } finally {
    warned.mockRestore();
    writeFileSync(remotesFile, '{}');
  }
});

it('checks re-pointed remotes against the shell at SHELL_MANIFEST_URL when one is set (npm run dev)', async () => {
  // the dev server's shell provides formatDuration; the shell build on disk does not
  CDN_FILES['/shell-dev/mf-manifest.json'] = manifest('shell', '1.1.0', {
    provides: ['Spinner', 'Price', 'formatDuration'],
  });
  const devRemotes = join(webRoot, 'remotes.dev.json');
  const entry = `${cdnUrl}/mf-catalog/2.2.0/mf-manifest.json`;
  writeFileSync(devRemotes, JSON.stringify({ mf_catalog: entry }));
  const dev = await createTestApp({
    serveWeb: true,
    webRoot,
    remotesFile: devRemotes,
    remoteCheckTimeoutMs: 500,
    shellManifestUrl: `${cdnUrl}/shell-dev/mf-manifest.json`,
  });
  try {
    const res = await request(dev.app.getHttpServer()).get('/remotes.json');
    expect(res.body.mf_catalog).toBe(entry);
    // the same file on the server that runs the built shell: refused, the default is served
    writeFileSync(remotesFile, JSON.stringify({ mf_catalog: entry }));
    const built = await request(server).get('/remotes.json');
    expect(built.body.mf_catalog).toBe('/remotes/mf-catalog/mf-manifest.json');
  } finally {
    await dev.close();
    writeFileSync(remotesFile, '{}');
  }
});
