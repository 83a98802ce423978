import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { baseURL, repoRoot } from '../support/env';
import { apiLogin, DEMO, expect, loginAs, test, untilLive, useLanguage } from '../support/fixtures';
import { expectPhoneFit } from '../support/phoneFit';

const DEMO_CLIP = join(repoRoot, 'api/content/demo-media/clase-demo.mp4');

// one student's clip answered once, then every admin screen in three languages, one after another
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Fixture {
  courseId: string;
  /** The demo student: purchases, payments and access history to show. */
  studentId: string;
  clipId: string;
}
let fixture: Fixture | null = null;

/**
 * A student of her own (registered here, so the demo student's clips of other journeys stay as
 * they are) with access given by hand, a clip she sent, and the teacher's comment with a drawing
 * and a long text: the answer view has something to show. The clip is answered at once, so the
 * queue of waiting clips other journeys count stays theirs.
 */
async function setUp(request: APIRequestContext): Promise<Fixture> {
  if (fixture) return fixture;
  const admin = {
    Authorization: `Bearer ${await apiLogin(request, DEMO.admin.email, DEMO.admin.password)}`,
  };
  const courses = (await (
    await request.get(`${baseURL}/api/courses/admin`, { headers: admin })
  ).json()) as Array<{
    _id: string;
    classes: Array<{ _id: string }>;
  }>;
  const course = courses.find((c) => c.classes.length > 0)!;
  const email = `phone-${Date.now()}@test.local`;
  const password = 'Telefono1234';
  const reg = await request.post(`${baseURL}/api/users`, {
    data: { name: 'Lucía', surname: 'Teléfono', email, password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const newcomer = ((await reg.json()) as { user: { _id: string } }).user._id;
  const grant = await request.post(`${baseURL}/api/admin/students/${newcomer}/access`, {
    headers: admin,
    data: { itemType: 'course', itemId: course._id, reason: 'gift', months: 1 },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  const student = { Authorization: `Bearer ${await apiLogin(request, email, password)}` };
  const sent = await request.post(`${baseURL}/api/practice/clips`, {
    headers: student,
    multipart: {
      classId: course.classes[0]._id,
      note: 'Mi vertical contra la pared, ¿se me abren las piernas al final?',
      source: 'file',
      lang: 'es',
      file: { name: 'vertical.mp4', mimeType: 'video/mp4', buffer: readFileSync(DEMO_CLIP) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const clipId = ((await sent.json()) as { _id: string })._id;
  const comment = await request.post(`${baseURL}/api/admin/practice/clips/${clipId}/comments`, {
    headers: admin,
    data: {
      atSeconds: 1,
      text: 'Aquí los hombros se quedan detrás de las manos: empuja el suelo y mira entre las manos.',
      drawing: [
        {
          kind: 'line',
          points: [
            [0.3, 0.2],
            [0.6, 0.7],
          ],
        },
        {
          kind: 'angle',
          points: [
            [0.4, 0.2],
            [0.5, 0.5],
            [0.7, 0.5],
          ],
        },
      ],
    },
  });
  expect(comment.status(), await comment.text()).toBe(201);
  const answered = await request.patch(`${baseURL}/api/admin/practice/clips/${clipId}`, {
    headers: admin,
    data: { status: 'answered' },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const found = await request.get(
    `${baseURL}/api/admin/students?q=${encodeURIComponent(DEMO.student.email)}`,
    { headers: admin },
  );
  const studentId = ((await found.json()) as { students: Array<{ _id: string }> }).students[0]!._id;
  fixture = { courseId: course._id, studentId, clipId };
  return fixture;
}

/** Every screen of mf-admin's routes (shared-contracts routes.ts, owner mf_admin). */
const screens = (f: Fixture) =>
  [
    ['home', '/admin'],
    ['create-course', '/admin/create'],
    ['edit-course', `/admin/edit/${f.courseId}`],
    ['formations', '/admin/formaciones-online'],
    ['courses', '/admin/cursos'],
    ['vouchers', '/admin/bonos'],
    ['presential', '/admin/formaciones-presenciales'],
    ['plans', '/admin/planes'],
    ['billing', '/admin/facturacion'],
    ['students', '/admin/alumnos'],
    ['student', `/admin/alumnos/${f.studentId}`],
    ['practice-queue', '/admin/practica'],
    ['practice-clip', `/admin/practica/${f.clipId}`],
    ['diagnostics', '/admin/diagnostico'],
  ] as const;

for (const lang of ['es', 'en', 'fr'] as const) {
  test(`${lang}: every admin screen fits a 390 px phone (text columns, tap targets, no sideways scroll)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const f = await setUp(request);
    await useLanguage(page, lang);
    await loginAs(page, request, 'admin');
    for (const [name, path] of screens(f)) {
      await page.goto(path);
      await untilLive(page);
      await expect(page.locator('[data-remote="mf_admin"] h1')).toBeVisible();
      // what loads after the frame: no spinner left
      await expect(page.locator('[data-remote="mf_admin"] [aria-busy="true"]')).toHaveCount(0);
      if (name === 'practice-clip') {
        await expect(page.getByTestId('clip-comment').first()).toBeVisible();
      }
      if (name === 'billing') {
        // the settings form and the report's period and downloads, below the report
        await expect(page.getByTestId('billing-settings')).toBeVisible();
        await expect(page.getByTestId('tax-total')).toBeVisible();
      }
      await expectPhoneFit(page, `${lang}-${name}`);
    }
  });
}
