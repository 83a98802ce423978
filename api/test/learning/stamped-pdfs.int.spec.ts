import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { PDF } from '@libpdf/core';
import type { PrivateMediaResponse } from '@circo/shared-contracts';
import { classMedia, uploadedAssets } from '../../src/database/schema.js';
import { filePathOf } from '../../src/modules/media/index.js';
import { createCourse, createPurchase, createUser } from '../support/factories.js';
import { cloudinaryStandIn, API_KEY, API_SECRET, CLOUD } from '../support/cloudinary-stand-in.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, tokenFor } from '../catalog/catalog-helpers.js';
import { addClassMedia, storePrivateFile } from './learning-helpers.js';

/** A class handout of `pages` pages, each with a line of its own. */
async function handout(pages: number, words = 'Verticales'): Promise<Buffer> {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i++) {
    pdf.addPage().drawText(`${words}, página ${i + 1}`, { x: 50, y: 700, size: 14 });
  }
  return Buffer.from(await pdf.save());
}

/** The text poppler's pdftotext reads, one string per page. */
function pdftotext(t: TestApp, bytes: Buffer): string[] {
  const file = join(t.config.dataDir, `read-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
}

const download = (t: TestApp, url: string) => request(t.app.getHttpServer()).get(url).buffer(true);

describe('stamped class PDFs: the student downloads a copy with their name on every page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function setup(bytes: Buffer, student: { name?: string; surname?: string } = {}) {
    const course = await createCourse(t.db, { classes: 1 });
    const cls = course.classes[0];
    const pdf = await storePrivateFile(t, 'pdf', bytes);
    await addClassMedia(t, { courseClassId: cls.id }, 'pdf', pdf.publicId);
    const buyer = await createUser(t.db, student);
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    const path = `/cloudinary/pdf-curso-privado/${cls.id}/0/es`;
    return { cls, pdf, buyer, path, token: await tokenFor(t, buyer) };
  }

  it('stamps name, e-mail and date on every page; the stored file and the admin preview stay as they were', async () => {
    const original = await handout(3);
    const { pdf, buyer, path, token } = await setup(original, {
      name: 'Ana María',
      surname: 'Núñez',
    });
    const link = (await get(t, path, token).expect(200)).body as PrivateMediaResponse;
    expect(link.url).toMatch(
      new RegExp(`^/api/files/stamped/${pdf.publicId}\\?u=${buyer.id}&exp=\\d+&sig=[0-9a-f]{64}$`),
    );
    const file = await download(t, link.url).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const today = new Date().toISOString().slice(0, 10);
    const pages = pdftotext(t, file.body as Buffer);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toContain(`Verticales, página ${i + 1}`);
      expect(text).toContain(`Ana María Núñez · ${buyer.email} · ${today}`);
    });

    const stored = readFileSync(filePathOf(t.config.dataDir, 'private', pdf.publicId)!);
    expect(stored.equals(original)).toBe(true);
    const admin = await createUser(t.db, { role: 'admin' });
    const preview = (await get(t, path, await tokenFor(t, admin)).expect(200))
      .body as PrivateMediaResponse;
    expect(preview.url).toMatch(/^\/api\/files\/private\//);
    const previewFile = await download(t, preview.url).expect(200);
    expect((previewFile.body as Buffer).equals(original)).toBe(true);
  });

  it('keeps one copy per file and student, and makes a new one when the file changes', async () => {
    const { pdf, buyer, path, token } = await setup(await handout(2));
    const url = ((await get(t, path, token).expect(200)).body as PrivateMediaResponse).url;
    const first = (await download(t, url).expect(200)).body as Buffer;
    const second = (await download(t, url).expect(200)).body as Buffer;
    expect(second.equals(first)).toBe(true);
    const dirs = readdirSync(join(t.config.dataDir, 'stamped'));
    const copies = () =>
      dirs
        .flatMap((d) => readdirSync(join(t.config.dataDir, 'stamped', d)))
        .filter((f) => f.startsWith(buyer.id));
    expect(copies()).toHaveLength(1);

    // the coach replaces the file's content: the next download is stamped from the new one
    writeFileSync(
      filePathOf(t.config.dataDir, 'private', pdf.publicId)!,
      await handout(1, 'Trapecio'),
    );
    const third = (await download(t, url).expect(200)).body as Buffer;
    const pages = pdftotext(t, third);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Trapecio, página 1');
    expect(pages[0]).toContain(buyer.email);
    expect(copies()).toHaveLength(1);

    // a range of the copy, as a PDF viewer asks for it
    const part = await download(t, url).set('Range', 'bytes=0-7').expect(206);
    expect((part.body as Buffer).toString('latin1')).toBe(third.subarray(0, 8).toString('latin1'));
  });

  it('serves a corrupt or an encrypted PDF unstamped, never a 500', async () => {
    const corrupt = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> broken');
    const a = await setup(corrupt);
    const urlA = ((await get(t, a.path, a.token).expect(200)).body as PrivateMediaResponse).url;
    expect(((await download(t, urlA).expect(200)).body as Buffer).equals(corrupt)).toBe(true);

    const locked = await PDF.load(await handout(1));
    locked.setProtection({ userPassword: 'secret', ownerPassword: 'owner' });
    const encrypted = Buffer.from(await locked.save());
    const b = await setup(encrypted);
    const urlB = ((await get(t, b.path, b.token).expect(200)).body as PrivateMediaResponse).url;
    expect(((await download(t, urlB).expect(200)).body as Buffer).equals(encrypted)).toBe(true);
  });

  it('refuses a link changed to another student, a bad signature and an expired link', async () => {
    const { path, token } = await setup(await handout(1));
    const { url } = (await get(t, path, token).expect(200)).body as PrivateMediaResponse;
    const other = await createUser(t.db);
    const swapped = url.replace(/u=[0-9a-f-]+/, `u=${other.id}`);
    expect((await download(t, swapped).expect(403)).body.code).toBe('media.link_invalid');
    const badSig = url.replace(/sig=[0-9a-f]{4}/, 'sig=0000');
    expect((await download(t, badSig).expect(403)).body.code).toBe('media.link_invalid');
    expect((await download(t, url.replace(/u=[^&]+/, 'u=x')).expect(403)).body.code).toBe(
      'media.link_invalid',
    );
    const stale = url.replace(/exp=\d+/, 'exp=1000');
    expect((await download(t, stale).expect(403)).body.code).toBe('media.link_invalid');
  });

  it('prints a right-to-left name, a 200-character name and HTML as the text they are', async () => {
    const long = `Bartolomé ${'Çağlar '.repeat(30)}`.slice(0, 199) + 'Z';
    for (const [name, expected] of [
      ['<b>Eve</b><script>alert(1)</script>', '<b>Eve</b><script>alert(1)</script>'],
      [long, long],
    ] as const) {
      const { path, token, buyer } = await setup(await handout(1), { name, surname: '' });
      const { url } = (await get(t, path, token).expect(200)).body as PrivateMediaResponse;
      const text = pdftotext(t, (await download(t, url).expect(200)).body as Buffer)[0];
      expect(text.replace(/\s+/g, '')).toContain(`${expected}·${buyer.email}`.replace(/\s+/g, ''));
    }
    const rtl = await setup(await handout(1), { name: 'محمد', surname: 'علي' });
    const { url } = (await get(t, rtl.path, rtl.token).expect(200)).body as PrivateMediaResponse;
    const text = pdftotext(t, (await download(t, url).expect(200)).body as Buffer)[0];
    expect(text).toContain(rtl.buyer.email);
  });
});

describe('stamped class PDFs kept on Cloudinary (real SDK, local stand-in)', () => {
  let t: TestApp;
  let cloud: Awaited<ReturnType<typeof cloudinaryStandIn>>;
  beforeAll(async () => {
    cloud = await cloudinaryStandIn();
    t = await createTestApp({
      cloudinaryUrl: `cloudinary://${API_KEY}:${API_SECRET}@${CLOUD}`,
      cloudinaryApiUrl: cloud.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await cloud?.app.close();
  });

  it('fetches the private asset with a signed download, stamps it and keeps the original', async () => {
    const original = await handout(2);
    const publicId = `pdfs/${crypto.randomUUID()}.pdf`;
    cloud.assets.set(publicId, { resourceType: 'raw', type: 'authenticated', bytes: original });
    await t.db.insert(uploadedAssets).values({
      publicId,
      resourceType: 'raw',
      url: `https://res.cloudinary.com/${CLOUD}/raw/authenticated/${publicId}`,
      private: true,
      storage: 'cloudinary',
    });
    const course = await createCourse(t.db, { classes: 1 });
    const url = `https://res.cloudinary.com/${CLOUD}/raw/authenticated/${publicId}`;
    await t.db.insert(classMedia).values({
      ownerKind: 'course_class',
      courseClassId: course.classes[0].id,
      kind: 'pdf',
      url: { es: url, en: url, fr: url },
      publicId: { es: publicId, en: publicId, fr: publicId },
    });
    const buyer = await createUser(t.db, { name: 'Zoë', surname: "O'Brien" });
    await createPurchase(t.db, { userId: buyer.id, itemType: 'course', itemId: course.id });
    const path = `/cloudinary/pdf-curso-privado/${course.classes[0].id}/0/en`;
    const link = (await get(t, path, await tokenFor(t, buyer)).expect(200))
      .body as PrivateMediaResponse;
    expect(link.url.startsWith('/api/files/stamped/')).toBe(true);
    const file = await download(t, link.url).expect(200);
    const pages = pdftotext(t, file.body as Buffer);
    expect(pages).toHaveLength(2);
    for (const text of pages) expect(text).toContain(`Zoë O'Brien · ${buyer.email}`);
    expect(cloud.calls).toContain(`download raw ${publicId}`);
    expect(cloud.assets.get(publicId)!.bytes.equals(original)).toBe(true);

    expect(existsSync(join(t.config.dataDir, 'stamped'))).toBe(true);

    // the file gone from Cloudinary: a 404, not a 500
    cloud.assets.delete(publicId);
    const gone = await download(t, link.url).expect(404);
    expect(gone.body.code).toBe('media.file_not_found');
  });
});
