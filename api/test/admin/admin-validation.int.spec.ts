import { ADMIN_MESSAGES, COMMON_ERRORS } from '@circo/shared-contracts';
import { createCourse, createFormationWithModules, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';
import {
  call,
  classBody,
  courseBody,
  formationBody,
  presentialBody,
  text,
  voucherBody,
  type Method,
} from './admin-helpers.js';

// Each validation message of admin spec section 5, as the API answers it: a 400
// `common.validation_failed` whose field error carries the rule's key and the spec's Spanish text.

interface Case {
  name: string;
  method: Method;
  path: (ids: Ids) => string;
  body: (ids: Ids) => object;
  field: string;
  message: string;
}
interface Ids {
  course: string;
  formation: string;
  module: string;
}

const M = ADMIN_MESSAGES;
const course = (patch: object) => () => ({ ...courseBody(), ...patch });
const formation = (patch: object) => () => ({ ...formationBody(), ...patch });
const presential = (patch: object) => () => ({ ...presentialBody(), ...patch });
const voucher = (patch: object) => (ids: Ids) => ({ ...voucherBody(ids.course), ...patch });

const CASES: Case[] = [
  // simple course forms
  ...(['title', 'description', 'price', 'language'] as const).map((field) => ({
    name: `simple course form without ${field}`,
    method: 'post' as const,
    path: () => '/courses',
    body: () => ({
      title: 'Telas',
      description: 'Curso',
      price: 10,
      language: 'es',
      [field]: field === 'language' ? undefined : '',
    }),
    field,
    message: M.allRequired,
  })),
  // course (full form)
  {
    name: 'course without Spanish title',
    method: 'post',
    path: () => '/courses',
    body: course({ title: text('', 'Silks') }),
    field: 'title.es',
    message: M.titleEsRequired,
  },
  {
    name: 'course without Spanish description',
    method: 'post',
    path: () => '/courses',
    body: course({ description: text('<p><br></p>') }),
    field: 'description.es',
    message: M.descriptionEsRequired,
  },
  {
    name: 'course priced 0',
    method: 'post',
    path: () => '/courses',
    body: course({ price: 0 }),
    field: 'price',
    message: M.priceMustBePositive,
  },
  {
    name: 'course with a price that is no number',
    method: 'put',
    path: (i) => `/courses/${i.course}`,
    body: course({ price: 'abc' }),
    field: 'price',
    message: M.priceMustBePositive,
  },
  {
    name: 'course without Spanish image',
    method: 'post',
    path: () => '/courses',
    body: course({ image: text('', 'https://x.example/a.jpg') }),
    field: 'image.es',
    message: M.imageEsRequired,
  },
  {
    name: 'course with a video link that cannot be embedded',
    method: 'post',
    path: () => '/courses',
    body: course({ video: text('https://example.com/video') }),
    field: 'video.es',
    message: M.videoLinkInvalid,
  },
  // formation
  {
    name: 'formation without Spanish title',
    method: 'post',
    path: () => '/formations',
    body: formation({ title: text('') }),
    field: 'title.es',
    message: M.titleEsRequired,
  },
  {
    name: 'formation without Spanish description',
    method: 'post',
    path: () => '/formations',
    body: formation({ description: text('') }),
    field: 'description.es',
    message: M.descriptionEsRequired,
  },
  {
    name: 'formation without price',
    method: 'post',
    path: () => '/formations',
    body: formation({ price: undefined }),
    field: 'price',
    message: M.priceRequired,
  },
  {
    name: 'formation with a negative price',
    method: 'post',
    path: () => '/formations',
    body: formation({ price: -1 }),
    field: 'price',
    message: M.priceInvalid,
  },
  {
    name: 'formation without Spanish image',
    method: 'put',
    path: (i) => `/formations/${i.formation}`,
    body: formation({ image: text('') }),
    field: 'image.es',
    message: M.imageEsRequired,
  },
  // module
  {
    name: 'module without Spanish title',
    method: 'post',
    path: () => '/modules',
    body: (i) => ({ formationId: i.formation, title: text(''), description: text('d') }),
    field: 'title.es',
    message: M.titleEsRequired,
  },
  {
    name: 'module without Spanish description',
    method: 'put',
    path: (i) => `/modules/${i.module}`,
    body: () => ({ title: text('t'), description: text('') }),
    field: 'description.es',
    message: M.descriptionEsRequired,
  },
  // classes
  {
    name: 'course class without Spanish title',
    method: 'post',
    path: (i) => `/course-classes/${i.course}`,
    body: () => ({ ...classBody(), title: text('', 'Class') }),
    field: 'title.es',
    message: M.titleEsRequired,
  },
  {
    name: 'course class without Spanish content',
    method: 'post',
    path: (i) => `/course-classes/${i.course}`,
    body: () => ({ ...classBody(), content: text('') }),
    field: 'content.es',
    message: M.contentEsRequired,
  },
  {
    name: 'formation class without Spanish title',
    method: 'post',
    path: () => '/classes',
    body: (i) => ({ ...classBody(), moduleId: i.module, title: text(' ') }),
    field: 'title.es',
    message: M.titleEsRequired,
  },
  {
    name: 'formation class without Spanish content',
    method: 'post',
    path: () => '/classes',
    body: (i) => ({ ...classBody(), moduleId: i.module, content: text('<p></p>') }),
    field: 'content.es',
    message: M.contentEsRequired,
  },
  // in-person training
  {
    name: 'in-person training without a French title',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ title: text('Taller', 'Workshop', '') }),
    field: 'title.fr',
    message: M.titleRequired,
  },
  {
    name: 'in-person training without an English description',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ description: text('D', '', 'D') }),
    field: 'description.en',
    message: M.descriptionRequired,
  },
  {
    name: 'in-person training without a Spanish location',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ location: text('', 'M', 'M') }),
    field: 'location.es',
    message: M.locationRequired,
  },
  {
    name: 'in-person training without its single date',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ singleDate: null }),
    field: 'singleDate',
    message: M.singleDateRequired,
  },
  {
    name: 'in-person range without start',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ dateType: 'range', dateRange: { end: '2031-05-03' } }),
    field: 'dateRange.start',
    message: M.rangeStartRequired,
  },
  {
    name: 'in-person range without end',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ dateType: 'range', dateRange: { start: '2031-05-03' } }),
    field: 'dateRange.end',
    message: M.rangeEndRequired,
  },
  {
    name: 'in-person range ending before it starts',
    method: 'post',
    path: () => '/presential-formations',
    body: presential({ dateType: 'range', dateRange: { start: '2031-05-03', end: '2031-05-01' } }),
    field: 'dateRange.end',
    message: M.rangeEndBeforeStart,
  },
  // voucher
  {
    name: 'voucher without name',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ name: text('', 'Voucher') }),
    field: 'name',
    message: M.nameRequired,
  },
  {
    name: 'voucher ending before it starts',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ startDate: '2031-02-01', endDate: '2031-01-01' }),
    field: 'endDate',
    message: M.endBeforeStart,
  },
  {
    name: 'voucher without start date',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ startDate: '' }),
    field: 'startDate',
    message: M.startDateRequired,
  },
  {
    name: 'voucher with a negative percentage',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ percentage: -5, amount: 3 }),
    field: 'percentage',
    message: M.percentageNegative,
  },
  {
    name: 'voucher over 100 %',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ percentage: 120 }),
    field: 'percentage',
    message: M.percentageOver100,
  },
  {
    name: 'voucher with a negative amount',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ percentage: 10, amount: -1 }),
    field: 'amount',
    message: M.amountNegative,
  },
  {
    name: 'voucher without any discount',
    method: 'post',
    path: () => '/discounts',
    body: voucher({ percentage: 0, amount: 0 }),
    field: 'discount',
    message: M.discountRequired,
  },
  {
    name: 'voucher without targets',
    method: 'put',
    path: () => '/discounts/3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    body: voucher({ targetItems: [] }),
    field: 'targetItems',
    message: M.targetsRequired,
  },
];

describe('admin validation: the messages of admin spec section 5', () => {
  let t: TestApp;
  let token: string;
  let ids: Ids;
  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
    const c = await createCourse(t.db);
    const f = await createFormationWithModules(t.db, { modules: 1, classesPerModule: 0 });
    ids = { course: c.id, formation: f.id, module: f.modules[0].id };
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(CASES)('$name: 400 "$message"', async (c) => {
    const res = await call(t, token, c.method, c.path(ids), c.body(ids));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(COMMON_ERRORS.validation);
    expect(res.body.errors).toContainEqual(
      expect.objectContaining({ field: c.field, message: c.message }),
    );
  });

  it('lists the missing languages of an in-person training in one message', async () => {
    const res = await call(t, token, 'post', '/presential-formations', {
      ...presentialBody(),
      title: text('Taller', '', ''),
      location: text('Madrid', 'Madrid', ''),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Falta completar la información en: Inglés, Francés');
  });

  it('refuses unknown fields and wrong shapes with 400, never 500', async () => {
    const bodies: Array<[string, object]> = [
      ['/courses', { ...courseBody(), _id: 'x', secret: true }],
      ['/courses', { ...courseBody(), title: { es: 'a', de: 'b' } }],
      ['/courses', { ...courseBody(), image: text('javascript:alert(1)') }],
      ['/courses', { ...courseBody(), price: { $gt: 0 } }],
      ['/formations', { ...formationBody(), visible: { es: 'yes' } }],
      ['/discounts', { ...voucherBody(ids.course), targetItems: [{ _id: 'nope' }] }],
      ['/presential-formations', { ...presentialBody(), singleDate: '01/05/2031' }],
      ['/presential-formations', { ...presentialBody(), registrationLink: 'ftp://x' }],
    ];
    for (const [path, body] of bodies) {
      const res = await call(t, token, 'post', path, body);
      expect([path, res.status]).toEqual([path, 400]);
    }
    const lang = await call(t, token, 'patch', `/courses/${ids.course}/visibility/language`, {
      language: 'de',
    });
    expect(lang.status).toBe(400);
    const path = await call(t, token, 'patch', `/modules/${ids.module}/visibility/de`);
    expect(path.status).toBe(400);
  });
});
