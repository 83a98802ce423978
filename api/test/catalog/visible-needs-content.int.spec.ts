import {
  COMMON_ERRORS,
  LANGUAGES,
  type AdminClass,
  type AdminCourse,
  type AdminFormation,
  type AdminModule,
  type Lang,
  type MyItemsResponse,
} from '@circo/shared-contracts';
import { createPurchase, createUser } from '../support/factories.js';
import { appRoutes } from '../support/routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { call } from '../admin/admin-helpers.js';
import { get, ids, tokenFor, uniqueWord } from './catalog-helpers.js';

// An item is offered only in the languages where it exists and is visible. Making it
// visible in a language whose title, description or image (a class: title and content) is missing
// is refused with the in-person manager's message, so no visitor meets a blank card.

const IMAGE = '/api/content/images/trapeze.svg';
const spanish = (es: string) => ({ es, en: '', fr: '' });
const MISSING_EN = 'Falta completar la información en: Inglés';
const MISSING_FR = 'Falta completar la información en: Francés';
const OTHER_LANGS: Lang[] = ['en', 'fr'];

describe('visible only with content', () => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  let word: string;
  let course: AdminCourse;
  let courseClass: AdminClass;
  let formation: AdminFormation;
  let module: AdminModule;
  let formationClass: AdminClass;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const student = await createUser(t.db);
    buyer = await tokenFor(t, student);
    word = uniqueWord();
    // Spanish-only items, asked to be visible in every language where they inherit it
    course = (
      await call(t, admin, 'post', '/courses', {
        title: spanish(`Telas ${word}`),
        description: spanish(`<p>Curso de telas ${word}</p>`),
        price: 40,
        image: spanish(IMAGE),
      }).expect(201)
    ).body as AdminCourse;
    formation = (
      await call(t, admin, 'post', '/formations', {
        title: spanish(`Formación ${word}`),
        description: spanish(`<p>Programa ${word}</p>`),
        price: 100,
        image: spanish(IMAGE),
      }).expect(201)
    ).body as AdminFormation;
    // a formation visible in es, en, fr would pass its flags to a new module: only Spanish has text
    module = (
      await call(t, admin, 'post', '/modules', {
        formationId: formation._id,
        title: spanish('Módulo 1'),
        description: spanish('<p>Primer módulo</p>'),
      }).expect(201)
    ).body as AdminModule;
    formationClass = (
      await call(t, admin, 'post', '/classes', {
        moduleId: module._id,
        title: spanish('Clase 1'),
        content: spanish('<p>Contenido</p>'),
      }).expect(201)
    ).body as AdminClass;
    courseClass = (
      await call(t, admin, 'post', `/course-classes/${course._id}`, {
        title: spanish('Clase 1'),
        content: spanish('<p>Contenido</p>'),
      }).expect(201)
    ).body as AdminClass;
    await createPurchase(t.db, { userId: student.id, itemType: 'course', itemId: course._id });
    await createPurchase(t.db, {
      userId: student.id,
      itemType: 'formation',
      itemId: formation._id,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const toggles = () => [
    {
      what: 'course',
      path: `/courses/${course._id}/visibility/language`,
      body: (l: Lang) => ({ language: l }),
    },
    {
      what: 'formation',
      path: `/formations/${formation._id}/visibility/language`,
      body: (l: Lang) => ({ language: l }),
    },
    { what: 'module', path: `/modules/${module._id}/visibility`, body: () => undefined },
    {
      what: 'course class',
      path: `/course-classes/${courseClass._id}/visibility`,
      body: () => undefined,
    },
    {
      what: 'formation class',
      path: `/classes/${formationClass._id}/visibility`,
      body: () => undefined,
    },
  ];

  it('refuses each toggle in a language without content (400, the in-person manager message)', async () => {
    for (const { what, path, body } of toggles()) {
      for (const lang of OTHER_LANGS) {
        const url = body(lang) ? path : `${path}/${lang}`;
        const res = await call(t, admin, 'patch', url, body(lang)).expect(400);
        expect([what, res.body.code, res.body.message]).toEqual([
          what,
          COMMON_ERRORS.validation,
          lang === 'en' ? MISSING_EN : MISSING_FR,
        ]);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(`title.${lang}`);
      }
    }
    // nothing was switched on
    const list = (await call(t, admin, 'get', '/courses/admin').expect(200)).body as AdminCourse[];
    expect(list.find((c) => c._id === course._id)?.visible).toEqual({
      es: true,
      en: false,
      fr: false,
    });
  });

  it('names each missing field, and lets the toggle through once the language is complete', async () => {
    const own = (
      await call(t, admin, 'post', '/courses', {
        title: { es: 'Aro', en: 'Hoop', fr: '' },
        description: spanish('<p>Aro aéreo</p>'),
        price: 20,
        image: spanish(IMAGE),
      }).expect(201)
    ).body as AdminCourse;
    const refused = await call(t, admin, 'patch', `/courses/${own._id}/visibility/language`, {
      language: 'en',
    }).expect(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'description.en',
      'image.en',
    ]);
    await call(t, admin, 'put', `/courses/${own._id}`, {
      title: { es: 'Aro', en: 'Hoop', fr: '' },
      description: { es: '<p>Aro aéreo</p>', en: '<p>Aerial hoop</p>', fr: '' },
      price: 20,
      image: { es: IMAGE, en: IMAGE, fr: null },
    }).expect(200);
    const on = await call(t, admin, 'patch', `/courses/${own._id}/visibility/language`, {
      language: 'en',
    }).expect(200);
    expect(on.body.visible).toEqual({ es: true, en: true, fr: false });
    // an edit may not empty a language that is visible
    const emptied = await call(t, admin, 'put', `/courses/${own._id}`, {
      title: { es: 'Aro', en: '', fr: '' },
      description: { es: '<p>Aro aéreo</p>', en: '<p>Aerial hoop</p>', fr: '' },
      price: 20,
      image: { es: IMAGE, en: IMAGE, fr: null },
    }).expect(400);
    expect(emptied.body.message).toBe(MISSING_EN);
    // hiding needs no content
    await call(t, admin, 'patch', `/courses/${own._id}/visibility/language`, {
      language: 'en',
    }).expect(200);
  });

  it('refuses a body that asks for a language without content; inherited flags wait for it', async () => {
    const asked = await call(t, admin, 'post', '/classes', {
      moduleId: module._id,
      title: spanish('Clase 2'),
      content: spanish('<p>Contenido</p>'),
      visible: { es: true, en: true, fr: false },
    }).expect(400);
    expect(asked.body.message).toBe(MISSING_EN);
    const complete = await call(t, admin, 'post', '/formations', {
      title: { es: 'Completa', en: 'Complete', fr: 'Complète' },
      description: { es: '<p>es</p>', en: '<p>en</p>', fr: '<p>fr</p>' },
      price: 0,
      image: { es: IMAGE, en: IMAGE, fr: IMAGE },
      visible: { es: true, en: true, fr: true },
    }).expect(201);
    // its module inherits es, en, fr, and keeps only the languages it has text in
    const inherited = await call(t, admin, 'post', '/modules', {
      formationId: complete.body._id,
      title: { es: 'Módulo', en: 'Module', fr: '' },
      description: { es: '<p>es</p>', en: '<p>en</p>', fr: '' },
    }).expect(201);
    expect(inherited.body.visible).toEqual({ es: true, en: true, fr: false });
  });

  /** Every public list and detail route of the catalogue, and the student's, for the items. */
  const routes = () => ({
    'GET /api/courses/visible': (l: Lang) => `/courses/visible?lang=${l}&limit=100`,
    'GET /api/courses/:id': (l: Lang) => `/courses/${course._id}?lang=${l}`,
    'GET /api/formations': (l: Lang) => `/formations?lang=${l}`,
    'GET /api/formations/visible/:id': (l: Lang) =>
      `/formations/visible/${formation._id}?lang=${l}`,
    'GET /api/formations/:id': (l: Lang) => `/formations/${formation._id}?lang=${l}`,
    'GET /api/modules/formation/:formationId': (l: Lang) =>
      `/modules/formation/${formation._id}?lang=${l}`,
    'GET /api/classes/module/:moduleId': (l: Lang) => `/classes/module/${module._id}?lang=${l}`,
    'GET /api/classes/:id': (l: Lang) => `/classes/${formationClass._id}?lang=${l}`,
    'GET /api/search': (l: Lang) => `/search?q=${word}&lang=${l}`,
  });

  it('covers every public GET route of the catalogue controllers', () => {
    const catalogue = ['CoursesController', 'FormationsController', 'ModulesController'];
    const covered = Object.keys(routes());
    const publicRoutes = appRoutes(t.app)
      .filter(
        (r) =>
          r.method === 'GET' &&
          [...catalogue, 'ClassesController', 'SearchController'].includes(r.controller),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(publicRoutes.sort()).toEqual([...covered].sort());
  });

  it('shows the Spanish-only items in Spanish only, on every list and detail route', async () => {
    /** what a visitor (or the buyer, for the class) gets from each route in `lang` */
    const seen = async (lang: Lang) => {
      const r = routes();
      const out: Record<string, unknown> = {};
      const courses = (await get(t, r['GET /api/courses/visible'](lang)).expect(200)).body;
      const formations = (await get(t, r['GET /api/formations'](lang)).expect(200)).body;
      // whatever else the lists hold, no card lacks its title, description or image in `lang`
      for (const item of [...courses, ...formations]) {
        expect([
          item._id,
          !!item.title[lang],
          !!item.description[lang],
          !!item.image[lang],
        ]).toEqual([item._id, true, true, true]);
      }
      out.courseListed = ids(courses).includes(course._id);
      out.formationListed = ids(formations).includes(formation._id);
      for (const key of [
        'GET /api/courses/:id',
        'GET /api/formations/visible/:id',
        'GET /api/formations/:id',
        'GET /api/modules/formation/:formationId',
        'GET /api/classes/module/:moduleId',
        'GET /api/classes/:id',
      ] as const) {
        const res = await get(t, r[key](lang), key === 'GET /api/classes/:id' ? buyer : undefined);
        const body = res.body as { title?: Record<Lang, string>; availableLanguages?: Lang[] };
        out[key] =
          res.status === 200
            ? Array.isArray(body)
              ? body.map((x: { title: Record<Lang, string> }) => x.title[lang])
              : body.title?.[lang]
            : [
                res.status,
                (res.body as { data?: { availableLanguages?: Lang[] } }).data?.availableLanguages,
              ];
      }
      const search = (await get(t, r['GET /api/search'](lang)).expect(200)).body;
      out.search = [...ids(search.formations), ...ids(search.courses)];
      return out;
    };

    expect(await seen('es')).toEqual({
      courseListed: true,
      formationListed: true,
      'GET /api/courses/:id': `Telas ${word}`,
      'GET /api/formations/visible/:id': `Formación ${word}`,
      'GET /api/formations/:id': `Formación ${word}`,
      'GET /api/modules/formation/:formationId': ['Módulo 1'],
      'GET /api/classes/module/:moduleId': ['Clase 1'],
      'GET /api/classes/:id': 'Clase 1',
      search: [formation._id, course._id],
    });
    for (const lang of OTHER_LANGS) {
      const unavailable = [403, ['es']];
      expect([lang, await seen(lang)]).toEqual([
        lang,
        {
          courseListed: false,
          formationListed: false,
          'GET /api/courses/:id': unavailable,
          'GET /api/formations/visible/:id': unavailable,
          'GET /api/formations/:id': unavailable,
          'GET /api/modules/formation/:formationId': expect.not.arrayContaining(['']),
          'GET /api/classes/module/:moduleId': expect.not.arrayContaining(['']),
          'GET /api/classes/:id': expect.arrayContaining([403]),
          search: [],
        },
      ]);
    }
  });

  it('keeps the Spanish-only items marked unavailable in the other languages in My Courses', async () => {
    for (const lang of LANGUAGES) {
      const mine = (await get(t, `/learning/my-items?lang=${lang}`, buyer).expect(200))
        .body as MyItemsResponse;
      const items = [...mine.formations, ...mine.courses];
      expect(ids(items).sort()).toEqual([course._id, formation._id].sort());
      // the card's overlay reads "not available in the language" where the flag is off
      for (const item of items) expect([lang, item.visible[lang]]).toEqual([lang, lang === 'es']);
      const res = await get(t, `/learning/formations/${formation._id}?lang=${lang}`, buyer);
      expect([lang, res.status]).toEqual([lang, lang === 'es' ? 200 : 403]);
    }
  });
});
