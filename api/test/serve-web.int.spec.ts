// The composed front end served from the API's port: shell with SPA fallback, remotes with CORS,
// and the runtime /remotes.json an operator re-points without a restart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
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
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  writeFileSync(remotesFile, '{ not json');
  expect((await request(server).get('/remotes.json')).body.mf_catalog).toBe(
    '/remotes/mf-catalog/mf-manifest.json',
  );
  expect(logged).toHaveBeenCalledWith(
    expect.stringContaining('is not valid JSON'),
    expect.anything(),
  );
  logged.mockRestore();
});
