// Random text (full Unicode, control characters, lone surrogates, NUL, very long) in every query
// string and path parameter of the public catalogue, search and site content: never a 5xx.
import { jest } from '@jest/globals';
import fc from 'fast-check';
import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createCourse, createFormationWithModules } from '../support/factories.js';
import { anyText, encodeAny } from '../support/fuzz.js';

jest.setTimeout(180_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let known: { courseId: string; classId: string; formationId: string; moduleId: string };

beforeAll(async () => {
  t = await createTestApp();
  server = t.app.getHttpServer();
  const course = await createCourse(t.db, { classes: 1 });
  const formation = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 1 });
  known = {
    courseId: course.id,
    classId: course.classes[0].id,
    formationId: formation.id,
    moduleId: formation.modules[0].id,
  };
});
afterAll(() => t?.close());

type Route = (v: { id: string; q: string; lang: string; n: string }) => string;
const ROUTES: Route[] = [
  ({ q, lang, n }) => `/api/search?q=${q}&lang=${lang}&limit=${n}`,
  ({ q }) => `/api/search?q=${q}`,
  ({ lang, n }) => `/api/courses/visible?lang=${lang}&limit=${n}&offset=${n}`,
  ({ id, lang }) => `/api/courses/${id}?lang=${lang}`,
  ({ lang }) => `/api/formations?lang=${lang}`,
  ({ id, lang }) => `/api/formations/${id}?lang=${lang}`,
  ({ id, lang }) => `/api/formations/visible/${id}?lang=${lang}`,
  ({ id, lang }) => `/api/modules/formation/${id}?lang=${lang}`,
  ({ id, lang }) => `/api/classes/module/${id}?lang=${lang}`,
  ({ id, lang }) => `/api/classes/${id}?lang=${lang}`,
  ({ lang }) => `/api/presential-formations/presencial?lang=${lang}`,
  ({ lang }) => `/api/discounts/activos?lang=${lang}`,
  ({ lang }) => `/api/content?lang=${lang}`,
  ({ lang }) => `/api/content/terms?lang=${lang}`,
  ({ id }) => `/api/content/images/${id}`,
];

/** Mostly random text, sometimes a value the route accepts, so both paths get exercised. */
const value = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: anyText, weight: 3 }, { arbitrary: valid, weight: 1 });

it('no random query or path value at a public catalogue or search endpoint gets a 5xx', async () => {
  let ok = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ROUTES),
      value(fc.constantFrom(...Object.values(known), 'juggling.svg')),
      value(fc.constantFrom('acrobacia', 'équilibre', 'a', 'Course')),
      value(fc.constantFrom('es', 'en', 'fr')),
      value(fc.integer({ min: -5, max: 300 }).map(String)),
      async (route, id, q, lang, n) => {
        const path = route({
          id: encodeAny(id),
          q: encodeAny(q),
          lang: encodeAny(lang),
          n: encodeAny(n),
        });
        const res = await request(server).get(path);
        expect(res.status).toBeLessThan(500);
        // Node's HTTP parser answers a request line over its header limit itself (431, no body)
        if (res.status === 431) return;
        if (res.status >= 400) {
          expect(res.body).toEqual(
            expect.objectContaining({ statusCode: res.status, code: expect.any(String) }),
          );
        } else ok++;
      },
    ),
    { numRuns: 200 },
  );
  // the valid values got through often enough for the test to mean something
  expect(ok).toBeGreaterThan(10);
});
