// Headers, API docs and CORS in development and in production mode. Each rule
// failed on the code before the fix (docs open to all, dev origins allowed in production, HSTS on
// plain HTTP, no Permissions-Policy, uploaded files without a policy of their own).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jest } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(90_000);

let dev: TestApp;
let prod: TestApp;
let prodOpen: TestApp;

beforeAll(async () => {
  dev = await createTestApp({}, { NODE_ENV: 'development', CORS_ORIGINS: undefined });
  prod = await createTestApp({}, { NODE_ENV: 'production', CORS_ORIGINS: undefined });
  // production with the docs and a CORS origin turned on by settings, behind a trusted proxy
  prodOpen = await createTestApp(
    {},
    {
      NODE_ENV: 'production',
      API_DOCS: 'true',
      CORS_ORIGINS: 'https://admin.circo.example',
      TRUST_PROXY: 'true',
    },
  );
});
afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close(), prodOpen?.close()]);
});

const get = (t: TestApp, path: string) => request(t.app.getHttpServer()).get(path);

describe('API docs', () => {
  it('are served in development', async () => {
    const res = await get(dev, '/api/docs-json');
    expect(res.status).toBe(200);
    expect(res.body.paths).toHaveProperty('/api/health');
  });

  it('are off in production (404 on the page and the document)', async () => {
    for (const path of ['/api/docs-json', '/api/docs']) {
      expect((await get(prod, path)).status).toBe(404);
    }
  });

  it('are on in production when API_DOCS=true', async () => {
    expect((await get(prodOpen, '/api/docs-json')).status).toBe(200);
  });
});

describe('CORS', () => {
  const DEV_ORIGIN = 'http://localhost:4200';

  it('allows the dev servers in development', async () => {
    const res = await get(dev, '/api/health').set('Origin', DEV_ORIGIN);
    expect(res.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
  });

  it('allows no other origin by default in production', async () => {
    for (const origin of [DEV_ORIGIN, 'https://evil.example']) {
      const res = await get(prod, '/api/health').set('Origin', origin);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows the origins CORS_ORIGINS names in production, and only those', async () => {
    const ok = await get(prodOpen, '/api/health').set('Origin', 'https://admin.circo.example');
    expect(ok.headers['access-control-allow-origin']).toBe('https://admin.circo.example');
    const no = await get(prodOpen, '/api/health').set('Origin', DEV_ORIGIN);
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('Permissions-Policy and HSTS', () => {
  it('Permissions-Policy is on every answer: API, error, cached public answer', async () => {
    for (const t of [dev, prod]) {
      for (const path of ['/api/health', '/api/no-such-route', '/api/courses/visible']) {
        // twice: the second public answer comes from the cache's early path
        for (let i = 0; i < 2; i++) {
          const res = await get(t, path);
          expect({ path, policy: res.headers['permissions-policy'] }).toEqual({
            path,
            policy: expect.stringContaining('geolocation=()'),
          });
          expect(res.headers['permissions-policy']).toContain('camera=(self)');
        }
      }
    }
  });

  it('no HSTS over plain HTTP, in development or production', async () => {
    for (const t of [dev, prod]) {
      const res = await get(t, '/api/health');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS when a trusted proxy says the request came over HTTPS, not when anyone says so', async () => {
    const behind = await get(prodOpen, '/api/health').set('X-Forwarded-Proto', 'https');
    expect(behind.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // without TRUST_PROXY the header is the client's word: no HSTS
    const spoofed = await get(prod, '/api/health').set('X-Forwarded-Proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('uploaded files', () => {
  // a PNG that is also an HTML page (a polyglot), as an upload could be
  const polyglot = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('<html><script>alert(document.domain)</script></html>'),
  ]);

  function store(t: TestApp, publicId: string, bytes: Buffer): void {
    const path = join(t.config.dataDir, 'uploads', 'public', publicId);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }

  it.each([
    ['ImagenesCursos', 'png', 'image/png', undefined],
    ['pdfs', 'pdf', 'application/pdf', 'inline'],
    ['ImagenesCursos', 'svg', 'image/svg+xml', 'attachment'],
  ])('%s/*.%s is served sandboxed', async (folder, ext, type, disposition) => {
    for (const t of [dev, prod]) {
      const publicId = `${folder}/${randomUUID()}.${ext}`;
      store(t, publicId, polyglot);
      const res = await get(t, `/api/files/public/${publicId}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(disposition);
    }
  });
});
