// The public check of a certificate as crawlers and browsers get it from the server: noindex, a
// 404 for a code no certificate has, and never in the sitemap.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { CertificatesService } from '../../src/modules/certificates/index.js';
import { createCourse, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const webRoot = mkdtempSync(join(tmpdir(), 'circo-cert-page-'));

beforeAll(async () => {
  mkdirSync(join(webRoot, 'shell/dist'), { recursive: true });
  writeFileSync(
    join(webRoot, 'shell/dist/index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Circo</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp(
    { serveWeb: true, webRoot, publicUrl: 'https://circo.example' },
    { JOBS_WORKER: 'false' },
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

it('serves /certificados/{code} noindex, 404 for an unknown code, and keeps it out of the sitemap', async () => {
  const course = await createCourse(t.db, { classes: 1 });
  const user = await createUser(t.db, { name: 'Ada', surname: 'Lovelace' });
  const cert = await t.app.get(CertificatesService).issue({
    userId: user.id,
    itemType: 'course',
    itemId: course.id,
    lang: 'en',
    studentName: 'Ada Lovelace',
    title: { es: 'Trapecio', en: 'Trapeze', fr: 'Trapèze' },
    classCount: 1,
    pending: false,
  });
  const server = t.app.getHttpServer();
  for (const lang of ['es', 'en', 'fr']) {
    const page = await request(server).get(`/certificados/${cert!.code}?lang=${lang}`).expect(200);
    expect(page.text).toContain('<meta name="robots" content="noindex" />');
    expect(page.text).not.toContain('rel="canonical"');
    // the first answer rides along in the page: the check is there before any script runs
    expect(page.text).toContain('Ada Lovelace');
    expect(page.text).not.toContain(user.email);
  }
  const unknown = await request(server).get('/certificados/ZZZZZZZZZZZZ').expect(404);
  expect(unknown.text).toContain('<meta name="robots" content="noindex" />');
  await request(server).get('/certificados/nope').expect(404);
  const sitemap = await request(server).get('/sitemap.xml').expect(200);
  expect(sitemap.text).not.toContain('/certificados');
  const robots = await request(server).get('/robots.txt').expect(200);
  expect(robots.text).toBeTruthy();
});
