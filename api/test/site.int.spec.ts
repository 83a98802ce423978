import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let server: Parameters<typeof request>[0];

beforeAll(async () => {
  t = await createTestApp({ salesPaused: true, accessPeriodMonths: 6 });
  server = t.app.getHttpServer();
});
afterAll(() => t?.close());

it('GET /api/config gives the public runtime settings and nothing secret', async () => {
  const res = await request(server).get('/api/config');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    salesPaused: true,
    accessPeriodMonths: 6,
    stripePublishableKey: null,
  });
});

it.each(['es', 'en', 'fr'] as const)(
  'GET /api/content?lang=%s gives the site content in that language',
  async (lang) => {
    const res = await request(server).get('/api/content').query({ lang });
    expect(res.status).toBe(200);
    expect(res.body.testimonials).toHaveLength(9);
    expect(res.body.paragraphs).toHaveLength(4);
    expect(res.body.contact.email).toMatch(/@/);
    expect(res.body.about.cvUrl).toBe('/api/content/cv');
    expect(res.headers['cache-control']).toContain('public');
  },
);

it('content in another language differs, and an unknown language is a 400', async () => {
  const es = await request(server).get('/api/content?lang=es');
  const fr = await request(server).get('/api/content?lang=fr');
  expect(es.body.hero.title).not.toBe(fr.body.hero.title);
  const bad = await request(server).get('/api/content?lang=de');
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'common.validation_failed', errors: [{ field: 'lang' }] });
});

it('the CV downloads as a PDF and the terms come as text', async () => {
  const cv = await request(server).get('/api/content/cv');
  expect(cv.status).toBe(200);
  expect(cv.headers['content-type']).toBe('application/pdf');
  expect(cv.headers['content-disposition']).toContain('attachment');
  expect(cv.body.subarray(0, 5).toString()).toBe('%PDF-');
  const terms = await request(server).get('/api/content/terms?lang=en');
  expect(terms.status).toBe(200);
  expect(terms.text).toContain('non-transferable');
});

it('serves demo images by name only', async () => {
  const ok = await request(server).get('/api/content/images/juggling.svg');
  expect(ok.status).toBe(200);
  expect(ok.headers['content-type']).toBe('image/svg+xml');
  for (const name of ['..%2F..%2Fpackage.json', 'nope.svg', 'juggling.png']) {
    expect((await request(server).get(`/api/content/images/${name}`)).status).toBe(404);
  }
});

it('the OpenAPI document lists the account endpoints', async () => {
  const res = await request(server).get('/api/docs-json');
  expect(res.status).toBe(200);
  expect(Object.keys(res.body.paths)).toEqual(
    expect.arrayContaining([
      '/api/auth/login',
      '/api/users',
      '/api/auth/perfil',
      '/api/users/mis-compras',
    ]),
  );
});

describe('HTTP hardening', () => {
  it('sets helmet security headers', async () => {
    const res = await request(server).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // HSTS only over HTTPS (security-headers.int.spec.ts): these requests are plain HTTP
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for the configured front-end origins', async () => {
    const allowed = t.config.corsOrigins[0];
    const ok = await request(server)
      .options('/api/auth/login')
      .set('Origin', allowed)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers['access-control-allow-origin']).toBe(allowed);
    const other = await request(server).get('/api/health').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses large answers', async () => {
    const res = await request(server).get('/api/docs-json').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('refuses a body over 1 MiB with a 413 in the error shape', async () => {
    const res = await request(server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'common.payload_too_large' });
  });
});
