// The composed front end served from the API's port: shell with SPA fallback, remotes with CORS,
// and the runtime /remotes.json an operator re-points without a restart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

beforeAll(async () => {
  mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
  mkdirSync(join(webRoot, 'mf-catalog/dist'), { recursive: true });
  writeFileSync(join(webRoot, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webRoot, 'shell/dist/main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'mf-catalog/dist/mf-manifest.json'), '{"id":"mf_catalog"}');
  writeFileSync(join(webRoot, 'mf-catalog/dist/index.html'), '<!doctype html><div id="app"></div>');
  t = await createTestApp({ serveWeb: true, webRoot, remotesFile });
  server = t.app.getHttpServer();
});
afterAll(async () => {
  await t?.close();
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

  const entry = 'https://cdn.example.com/mf-catalog/2.0.0/mf-manifest.json';
  writeFileSync(remotesFile, JSON.stringify({ mf_catalog: { entry, version: '2.0.0' } }));
  const repointed = await request(server).get('/remotes.json');
  expect(repointed.body.mf_catalog).toEqual({ entry, version: '2.0.0' });
  expect(repointed.body.mf_admin).toBe('/remotes/mf-admin/mf-manifest.json');
  const page = await request(server).get('/cursos');
  expect(page.headers['content-security-policy']).toContain('https://cdn.example.com');

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
    const entry = 'https://cdn.example.com/mf-admin/3.0.0/mf-manifest.json';
    writeFileSync(
      remotesFile,
      JSON.stringify({ mf_catalog: null, mf_admin: { entry, version: '3.0.0' } }),
    );
    const mixed = await request(server).get('/remotes.json');
    expect(mixed.body).toEqual({ ...DEFAULTS, mf_admin: { entry, version: '3.0.0' } });
    const page = await request(server).get('/cursos');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain('https://cdn.example.com');
  } finally {
    warned.mockRestore();
    writeFileSync(remotesFile, '{}');
  }
});
