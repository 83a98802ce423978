import { sql } from 'drizzle-orm';
import type {
  PurchasesResponse,
  SalesStats,
  StudentDetail,
  StudentsPage,
} from '@circo/shared-contracts';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { classProgress } from '../../src/database/tables/progress.table.js';
import { paymentItems, payments } from '../../src/database/tables/payments.table.js';
import {
  createCourse,
  createDiscount,
  createFormationWithModules,
  createPurchase,
  createUser,
} from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, NOT_FOUND_ID, tokenFor, uniqueWord } from '../catalog/catalog-helpers.js';
import { call } from './admin-helpers.js';

const DAY = 86_400_000;

describe('admin business: sales dashboard, students, access by hand', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A paid payment at `paidAt` with its items (a voucher on an item when named). */
  async function pay(opts: {
    userId: string;
    paidAt: string;
    items: Array<{
      type: 'course' | 'formation';
      id: string;
      list: number;
      price?: number;
      voucher?: { id: string; name: string };
    }>;
    refundedAt?: string;
  }) {
    const [p] = await t.db
      .insert(payments)
      .values({
        userId: opts.userId,
        provider: 'local',
        providerPaymentId: `pi_test_${uniqueWord()}`,
        amountCents: opts.items.reduce((s, i) => s + (i.price ?? i.list), 0),
        status: opts.refundedAt ? 'refunded' : 'succeeded',
        createdAt: new Date(Date.parse(opts.paidAt) - 60_000),
        fulfilledAt: new Date(opts.paidAt),
        refundedAt: opts.refundedAt ? new Date(opts.refundedAt) : null,
      })
      .returning();
    await t.db.insert(paymentItems).values(
      opts.items.map((i) => ({
        paymentId: p.id,
        itemType: i.type,
        itemId: i.id,
        title: { es: `Título ${i.id.slice(0, 4)}`, en: '', fr: '' },
        listPriceCents: i.list,
        priceCents: i.price ?? i.list,
        discountId: i.voucher?.id ?? null,
        discountName: i.voucher?.name ?? null,
      })),
    );
    return p;
  }

  it('sums a month to the cent, as the payments table does: vouchers, a refund, new students', async () => {
    const course = await createCourse(t.db);
    const formation = await createFormationWithModules(t.db);
    const voucher = await createDiscount(t.db, { name: 'Bono febrero' });
    const [ana, bruno, carla] = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    // bruno bought before February: he is not a new student in it
    await pay({
      userId: bruno.id,
      paidAt: '2023-01-20T10:00:00Z',
      items: [{ type: 'course', id: course.id, list: 1999 }],
    });
    await pay({
      userId: ana.id,
      paidAt: '2023-02-03T10:00:00Z',
      items: [
        {
          type: 'course',
          id: course.id,
          list: 1999,
          price: 1599,
          voucher: { id: voucher.id, name: 'Bono febrero' },
        },
        { type: 'formation', id: formation.id, list: 12000 },
      ],
    });
    await pay({
      userId: bruno.id,
      paidAt: '2023-02-10T23:30:00Z',
      items: [
        {
          type: 'formation',
          id: formation.id,
          list: 12000,
          price: 9600,
          voucher: { id: voucher.id, name: 'Bono febrero' },
        },
      ],
    });
    // paid in February, refunded in March: a sale of February, a refund of March
    await pay({
      userId: carla.id,
      paidAt: '2023-02-20T12:00:00Z',
      refundedAt: '2023-03-02T09:00:00Z',
      items: [{ type: 'course', id: course.id, list: 1999 }],
    });
    // paid in January, refunded in February
    await pay({
      userId: carla.id,
      paidAt: '2023-01-05T12:00:00Z',
      refundedAt: '2023-02-14T09:00:00Z',
      items: [{ type: 'course', id: course.id, list: 1999 }],
    });
    // not paid: never a sale
    await t.db.insert(payments).values({
      userId: carla.id,
      provider: 'local',
      providerPaymentId: `pi_test_${uniqueWord()}`,
      amountCents: 5000,
      status: 'requires_payment_method',
      createdAt: new Date('2023-02-15T00:00:00Z'),
    });

    const res = await get(
      t,
      '/admin/stats/sales?from=2023-02-01&to=2023-02-28&groupBy=week',
      admin,
    ).expect(200);
    const stats = res.body as SalesStats;
    expect(res.headers['cache-control']).toBe('private, no-store');
    // what the payments table says, in cents
    const [truth] = (
      (await t.db.execute(sql`select
        (select sum(amount_cents) from payments where status in ('succeeded','refunded')
          and fulfilled_at >= '2023-02-01T00:00:00Z' and fulfilled_at < '2023-03-01T00:00:00Z')::int as gross,
        (select sum(amount_cents) from payments
          where refunded_at >= '2023-02-01T00:00:00Z' and refunded_at < '2023-03-01T00:00:00Z')::int as refunded`)) as unknown as {
        rows: Array<{ gross: number; refunded: number }>;
      }
    ).rows;
    expect(truth).toEqual({ gross: 1599 + 12000 + 9600 + 1999, refunded: 1999 });
    expect(stats.totals).toEqual({
      sales: 3,
      gross: truth.gross / 100,
      refunds: 1,
      refunded: truth.refunded / 100,
      net: (truth.gross - truth.refunded) / 100,
      vouchersUsed: 2,
      vouchersCost: (400 + 2400) / 100,
      // ana; carla first paid in January
      newStudents: 1,
    });
    // Monday weeks covering February 2023 (Feb 1 was a Wednesday)
    expect(stats.series.map((s) => s.period)).toEqual([
      '2023-01-30',
      '2023-02-06',
      '2023-02-13',
      '2023-02-20',
      '2023-02-27',
    ]);
    expect(stats.series.reduce((a, s) => a + Math.round(s.net * 100), 0)).toBe(
      truth.gross - truth.refunded,
    );
    expect(stats.series[2]).toEqual({
      period: '2023-02-13',
      sales: 0,
      gross: 0,
      refunded: 19.99,
      net: -19.99,
    });
    expect(stats.items).toEqual([
      expect.objectContaining({
        itemType: 'formation',
        itemId: formation.id,
        sold: 2,
        gross: 216,
        refunded: 0,
        net: 216,
      }),
      expect.objectContaining({
        itemType: 'course',
        itemId: course.id,
        sold: 2,
        gross: 35.98,
        refunded: 19.99,
        net: 15.99,
      }),
    ]);
    expect(stats.vouchers).toEqual([
      { discountId: voucher.id, name: 'Bono febrero', uses: 2, cost: 28 },
    ]);

    // days are the coach's: 23:30 UTC on Feb 10 is still Feb 10 in Buenos Aires, and 01:00 UTC
    // on Mar 1 is Feb 28 there
    await pay({
      userId: ana.id,
      paidAt: '2023-03-01T01:00:00Z',
      items: [{ type: 'course', id: course.id, list: 1000 }],
    });
    const local = (
      await get(
        t,
        '/admin/stats/sales?from=2023-02-01&to=2023-02-28&tz=America/Argentina/Buenos_Aires',
        admin,
      ).expect(200)
    ).body as SalesStats;
    expect(local.series).toHaveLength(28);
    expect(local.series.find((s) => s.period === '2023-02-28')).toMatchObject({
      sales: 1,
      gross: 10,
    });
    expect(local.totals.gross).toBe((truth.gross + 1000) / 100);

    const csv = await get(
      t,
      '/admin/stats/sales.csv?from=2023-02-01&to=2023-02-28&groupBy=month',
      admin,
    ).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('ventas-2023-02-01-2023-02-28.csv');
    // Spanish by default: a byte-order mark, ";" between cells, decimal commas
    expect(csv.text.split('\r\n')).toEqual([
      '\uFEFFperiodo;ventas;bruto_usd;reembolsado_usd;neto_usd',
      '2023-02-01;3;251,98;19,99;231,99',
      'total;3;251,98;19,99;231,99',
      '',
    ]);
    const en = await get(
      t,
      '/admin/stats/sales.csv?from=2023-02-01&to=2023-02-28&groupBy=month&lang=en',
      admin,
    ).expect(200);
    expect(en.text.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFperiod,sales,gross_usd,refunded_usd,net_usd',
      '2023-02-01,3,251.98,19.99,231.99',
    ]);
    const fr = await get(
      t,
      '/admin/stats/sales.csv?from=2023-02-01&to=2023-02-28&groupBy=month&lang=fr',
      admin,
    ).expect(200);
    expect(fr.text.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFpériode;ventes;brut_usd;remboursé_usd;net_usd',
      '2023-02-01;3;251,98;19,99;231,99',
    ]);
    const bad = await get(
      t,
      '/admin/stats/sales.csv?from=2023-02-01&to=2023-02-28&lang=de',
      admin,
    ).expect(400);
    expect(bad.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('writes a month whose refunds outweigh its sales as a negative number a spreadsheet sums, not as text', async () => {
    const course = await createCourse(t.db);
    const buyer = await createUser(t.db);
    // sold in 2022-01, refunded in 2022-03: March's net is minus the price
    await pay({
      userId: buyer.id,
      paidAt: '2022-01-10T12:00:00Z',
      refundedAt: '2022-03-05T12:00:00Z',
      items: [{ type: 'course', id: course.id, list: 1250 }],
    });
    const csv = await get(
      t,
      '/admin/stats/sales.csv?from=2022-03-01&to=2022-03-31&groupBy=month',
      admin,
    ).expect(200);
    const lines = csv.text.split('\r\n');
    expect(lines[1]).toBe('2022-03-01;0;0;12,5;-12,5');
    expect(lines[2]).toBe('total;0;0;12,5;-12,5');
  });

  it('refuses a bad period with 400 and a code, never a 500', async () => {
    const bad = async (qs: string, code: string) => {
      const res = await get(t, `/admin/stats/sales?${qs}`, admin).expect(400);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.message).toBe('string');
    };
    await bad('from=2023-02-30&to=2023-03-01', 'common.validation_failed');
    await bad('from=2023-02-01', 'common.validation_failed');
    await bad('from=2023-02-01&to=2023-02-10&groupBy=year', 'common.validation_failed');
    await bad('from=2023-02-01&to=2023-02-10&tz=Mars/Olympus', 'common.validation_failed');
    await bad("from=2023-02-01&to=2023-02-10&tz=UTC';drop", 'common.validation_failed');
    await bad('from=2023-02-10&to=2023-02-01', 'stats.bad_period');
    await bad('from=2000-01-01&to=2023-02-01', 'stats.bad_period');
  });

  it('subtracts a partial refund (a cart with an item already owned) from the day it was made, then what a whole refund left', async () => {
    const x = await createCourse(t.db, { priceCents: 2000 });
    const y = await createCourse(t.db, { priceCents: 1500 });
    const student = await createUser(t.db);
    const token = await tokenFor(t, student);
    // yesterday to tomorrow: a run at midnight stays inside
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const statsToday = async () =>
      (await get(t, `/admin/stats/sales?from=${day(-1)}&to=${day(1)}`, admin).expect(200))
        .body as SalesStats;
    const before = await statsToday();

    // tab A starts paying x + y; meanwhile tab B buys x; then A is paid: x's 20.00 goes back
    const start = (items: string[]) =>
      call(t, token, 'post', '/stripe/crear-payment-intent', {
        items: items.map((id) => ({ id, type: 'course' })),
      }).expect(201);
    const a = await start([x.id, y.id]);
    const b = await start([x.id]);
    for (const started of [b, a]) {
      const paid = await call(t, token, 'post', '/stripe/local/confirm', {
        paymentIntentId: started.body.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
      }).expect(200);
      expect(paid.body.status).toBe('succeeded');
    }
    await t.app.get(JobsService).drain(); // the refund job
    const [paymentA] = await t.db
      .select()
      .from(payments)
      .where(sql`${payments.providerPaymentId} = ${a.body.paymentIntentId}`);
    expect(paymentA).toMatchObject({ status: 'succeeded', refundedAt: null, amountCents: 3500 });
    const itemsA = await t.db
      .select()
      .from(paymentItems)
      .where(sql`${paymentItems.paymentId} = ${paymentA.id}`);
    expect(
      itemsA.map((i) => [i.itemId, i.refundedAt !== null]).sort((m, n) => (m[0] < n[0] ? -1 : 1)),
    ).toEqual(
      [
        [x.id, true],
        [y.id, false],
      ].sort((m, n) => (m[0] < n[0] ? -1 : 1)),
    );

    const cents = (n: number) => Math.round(n * 100);
    const after = await statsToday();
    expect(cents(after.totals.gross - before.totals.gross)).toBe(2000 + 3500);
    expect(after.totals.sales - before.totals.sales).toBe(2);
    expect(after.totals.refunds - before.totals.refunds).toBe(1);
    expect(cents(after.totals.refunded - before.totals.refunded)).toBe(2000);
    expect(cents(after.totals.net - before.totals.net)).toBe(3500);
    const soldX = after.items.find((i) => i.itemId === x.id);
    expect(soldX).toMatchObject({ sold: 2, gross: 40, refunded: 20, net: 20 });
    expect(after.items.find((i) => i.itemId === y.id)).toMatchObject({ sold: 1, refunded: 0 });

    // the student's page and list: spent 35.00, x's line in A marked refunded
    const detail = (await get(t, `/admin/students/${student.id}`, admin).expect(200))
      .body as StudentDetail;
    const shownA = detail.payments.find((p) => p._id === paymentA.id)!;
    expect(shownA.refundedAt).toBeNull();
    expect(shownA.items.find((i) => i.itemId === x.id)?.refundedAt).toEqual(expect.any(String));
    expect(shownA.items.find((i) => i.itemId === y.id)?.refundedAt).toBeNull();
    const listed = (
      await get(t, `/admin/students?q=${encodeURIComponent(student.email)}`, admin).expect(200)
    ).body as StudentsPage;
    expect(listed.students[0].spent).toBe(35);

    // the admin then refunds A whole: only what was left of it (15.00) goes back now
    await call(t, admin, 'post', `/payments/${paymentA.id}/refund`).expect(200);
    const last = await statsToday();
    expect(last.totals.refunds - before.totals.refunds).toBe(2);
    expect(cents(last.totals.refunded - before.totals.refunded)).toBe(3500);
    expect(cents(last.totals.net - before.totals.net)).toBe(2000);
    expect(last.items.find((i) => i.itemId === y.id)).toMatchObject({ refunded: 15 });
    expect(last.items.find((i) => i.itemId === x.id)).toMatchObject({ refunded: 20 });
    expect(
      cents(last.series.reduce((sum, s) => sum + s.refunded, 0)) -
        cents(before.series.reduce((sum, s) => sum + s.refunded, 0)),
    ).toBe(3500);
  });

  it('keeps every admin route to admins: 401 without a token, 403 for a student', async () => {
    const student = await createUser(t.db);
    const token = await tokenFor(t, student);
    const routes: Array<[Parameters<typeof call>[2], string]> = [
      ['get', '/admin/stats/sales?from=2023-02-01&to=2023-02-28'],
      ['get', '/admin/stats/sales.csv?from=2023-02-01&to=2023-02-28'],
      ['get', '/admin/students'],
      ['get', '/admin/students.csv'],
      ['get', `/admin/students/${student.id}`],
      ['post', `/admin/students/${student.id}/access`],
      ['delete', `/admin/students/${student.id}/access/${NOT_FOUND_ID}`],
    ];
    for (const [method, path] of routes) {
      const refused = await call(t, token, method, path, method === 'post' ? {} : undefined);
      expect([path, refused.status]).toEqual([path, 403]);
      const anonymous = await call(t, 'nope', method, path);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
  });

  it('finds students by name or e-mail (accents and case ignored), 20 a page, and as CSV', async () => {
    const tag = uniqueWord();
    const josefina = await createUser(t.db, { name: 'Josefina', surname: `Núñez ${tag}` });
    await createUser(t.db, { name: '=HYPERLINK("x")', email: `${tag}-formula@test.local` });
    for (let i = 0; i < 21; i++) await createUser(t.db, { email: `${tag}-${i}@test.local` });
    await createUser(t.db, { role: 'admin', email: `${tag}-admin@test.local` });

    const one = (
      await get(t, `/admin/students?q=${encodeURIComponent(`nunez ${tag}`)}`, admin).expect(200)
    ).body as StudentsPage;
    expect(one).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(one.students[0]).toMatchObject({
      _id: josefina.id,
      name: 'Josefina',
      activeItems: 0,
      spent: 0,
      lastActivity: null,
    });
    expect(Object.keys(one.students[0])).not.toContain('passwordHash');

    const page1 = (await get(t, `/admin/students?q=${tag}`, admin).expect(200))
      .body as StudentsPage;
    expect(page1.total).toBe(23); // the admin is not a student
    expect(page1.students).toHaveLength(20);
    const page2 = (await get(t, `/admin/students?q=${tag}&page=2`, admin).expect(200))
      .body as StudentsPage;
    expect(page2.students).toHaveLength(3);
    expect(new Set([...page1.students, ...page2.students].map((s) => s._id)).size).toBe(23);
    // % and _ are letters here, not wildcards
    expect((await get(t, '/admin/students?q=%25%25', admin).expect(200)).body.total).toBe(0);
    await get(t, '/admin/students?page=0', admin).expect(400);
    await get(t, '/admin/students?page=abc', admin).expect(400);

    const csv = await get(t, `/admin/students.csv?q=${tag}`, admin).expect(200);
    expect(csv.headers['content-disposition']).toContain('alumnos.csv');
    // a byte-order mark first (trim() would drop it)
    expect(csv.text.startsWith('\uFEFFnombre;')).toBe(true);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'nombre;apellido;email;registro;productos_activos;productos;gastado_usd;última_actividad',
    );
    expect(lines).toHaveLength(24);
    const en = await get(t, `/admin/students.csv?q=${tag}&lang=en`, admin).expect(200);
    expect(en.text.split('\r\n')[0]).toBe(
      '\uFEFFname,surname,email,registered,active_items,items,spent_usd,last_activity',
    );
    const fr = await get(t, `/admin/students.csv?q=${tag}&lang=fr`, admin).expect(200);
    expect(fr.text.split('\r\n')[0]).toBe(
      '\uFEFFprénom;nom;email;inscription;produits_actifs;produits;dépensé_usd;dernière_activité',
    );
    // a cell a spreadsheet would run is escaped
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('shows a student purchases with payment, voucher, price paid, end of access and progress', async () => {
    const student = await createUser(t.db);
    const course = await createCourse(t.db, { classes: 4 });
    const voucher = await createDiscount(t.db, { name: 'Bono amigos' });
    const now = new Date();
    const payment = await pay({
      userId: student.id,
      paidAt: now.toISOString(),
      items: [
        {
          type: 'course',
          id: course.id,
          list: 5000,
          price: 4000,
          voucher: { id: voucher.id, name: 'Bono amigos' },
        },
      ],
    });
    const bought = await createPurchase(t.db, {
      userId: student.id,
      itemType: 'course',
      itemId: course.id,
      expiresAt: new Date(now.getTime() + 200 * DAY),
    });
    await t.db.insert(classProgress).values([
      {
        userId: student.id,
        itemType: 'course',
        itemId: course.id,
        classId: course.classes[0].id,
        completedAt: new Date('2024-05-01T10:00:00Z'),
      },
      {
        userId: student.id,
        itemType: 'course',
        itemId: course.id,
        classId: course.classes[1].id,
        completedAt: new Date('2024-05-03T10:00:00Z'),
      },
    ]);
    const detail = (await get(t, `/admin/students/${student.id}`, admin).expect(200))
      .body as StudentDetail;
    expect(detail.student).toMatchObject({
      _id: student.id,
      email: student.email,
      remindersOptOut: false,
    });
    expect(detail.items).toEqual([
      expect.objectContaining({
        itemType: 'course',
        itemId: course.id,
        title: course.title,
        expired: false,
        expiresAt: bought.expiresAt.toISOString(),
        progress: { done: 2, total: 4, lastActivity: '2024-05-03T10:00:00.000Z' },
      }),
    ]);
    expect(detail.payments).toEqual([
      expect.objectContaining({
        _id: payment.id,
        status: 'succeeded',
        amount: 40,
        refundedAt: null,
        items: [
          expect.objectContaining({
            itemId: course.id,
            listPrice: 50,
            price: 40,
            voucher: 'Bono amigos',
          }),
        ],
      }),
    ]);
    const list = (
      await get(t, `/admin/students?q=${encodeURIComponent(student.email)}`, admin).expect(200)
    ).body as StudentsPage;
    expect(list.students[0]).toMatchObject({
      activeItems: 1,
      items: 1,
      spent: 40,
      lastActivity: '2024-05-03T10:00:00.000Z',
    });

    await get(t, `/admin/students/${NOT_FOUND_ID}`, admin).expect(404);
    await get(t, '/admin/students/not-an-id', admin).expect(400);
    const adminUser = await createUser(t.db, { role: 'admin' });
    expect((await get(t, `/admin/students/${adminUser.id}`, admin).expect(404)).body.code).toBe(
      'students.not_found',
    );
  });

  it('grants an item by hand; the student sees it in mis-compras; extend and end are rows of the history', async () => {
    const student = await createUser(t.db);
    const studentToken = await tokenFor(t, student);
    const formation = await createFormationWithModules(t.db);
    const before = Date.now();
    const granted = await call(t, admin, 'post', `/admin/students/${student.id}/access`, {
      itemType: 'formation',
      itemId: formation.id.toUpperCase(),
      months: 3,
      reason: 'scholarship',
      note: 'Beca del grupo de los sábados',
    }).expect(201);
    const item = (granted.body as StudentDetail).items[0];
    expect(item).toMatchObject({ itemId: formation.id, expired: false });
    expect(item.history).toEqual([
      expect.objectContaining({
        kind: 'admin_grant',
        reason: 'scholarship',
        note: 'Beca del grupo de los sábados',
        ended: false,
      }),
    ]);
    const ends = Date.parse(item.expiresAt!);
    expect(ends - before).toBeGreaterThan(88 * DAY);
    expect(ends - before).toBeLessThan(93 * DAY);

    const mine = (await get(t, '/users/mis-compras', studentToken).expect(200))
      .body as PurchasesResponse;
    expect(mine.formaciones).toEqual([
      expect.objectContaining({
        formationId: formation.id,
        fechaExpiracion: item.expiresAt,
        expired: false,
      }),
    ]);

    // extend: one more month from the end of the current access
    const extended = (
      await call(t, admin, 'post', `/admin/students/${student.id}/access`, {
        itemType: 'formation',
        itemId: formation.id,
        months: 1,
        reason: 'gift',
      }).expect(201)
    ).body as StudentDetail;
    const extension = extended.items[0].history[1];
    expect(extension).toMatchObject({
      kind: 'admin_grant',
      reason: 'gift',
      startsAt: item.expiresAt,
    });
    expect(extended.items[0].expiresAt).toBe(extension.expiresAt);

    // until a date earlier than the access she has: refused, with the field
    const early = await call(t, admin, 'post', `/admin/students/${student.id}/access`, {
      itemType: 'formation',
      itemId: formation.id,
      until: new Date(Date.now() + 10 * DAY).toISOString(),
      reason: 'technical',
    }).expect(400);
    expect(early.body).toMatchObject({
      code: 'students.grant_period',
      errors: [{ field: 'until' }],
    });

    // end the extension: the access goes back to the first grant's end
    const ended = (
      await call(
        t,
        admin,
        'delete',
        `/admin/students/${student.id}/access/${extension._id}`,
      ).expect(200)
    ).body as StudentDetail;
    expect(ended.items[0].expiresAt).toBe(item.expiresAt);
    expect(ended.items[0].history.map((h) => [h.kind, h.ended])).toEqual([
      ['admin_grant', false],
      ['admin_grant', true],
      ['revocation', false],
    ]);
    const again = await call(
      t,
      admin,
      'delete',
      `/admin/students/${student.id}/access/${extension._id}`,
    ).expect(409);
    expect(again.body.code).toBe('students.grant_already_ended');

    // end the first one too: expired for the student at once
    await call(
      t,
      admin,
      'delete',
      `/admin/students/${student.id}/access/${item.history[0]._id}`,
    ).expect(200);
    const after = (await get(t, '/users/mis-compras', studentToken).expect(200))
      .body as PurchasesResponse;
    expect(after.formaciones).toEqual([]);
  });

  it('refuses grants that make no sense, with a code', async () => {
    const student = await createUser(t.db);
    const other = await createUser(t.db);
    const course = await createCourse(t.db);
    const path = `/admin/students/${student.id}/access`;
    const body = { itemType: 'course', itemId: course.id, months: 2, reason: 'gift' };
    const expectCode = async (b: object, status: number, code: string) =>
      expect((await call(t, admin, 'post', path, b).expect(status)).body.code).toBe(code);
    await expectCode({ ...body, months: undefined }, 400, 'students.grant_period');
    await expectCode(
      { ...body, until: new Date(Date.now() + 400 * DAY).toISOString() },
      400,
      'students.grant_period',
    );
    await expectCode(
      { ...body, until: '2020-01-01T00:00:00Z', months: undefined },
      400,
      'students.grant_period',
    );
    await expectCode({ ...body, months: 0 }, 400, 'common.validation_failed');
    await expectCode({ ...body, months: 37 }, 400, 'common.validation_failed');
    await expectCode({ ...body, months: '3' }, 400, 'common.validation_failed');
    await expectCode({ ...body, reason: 'because' }, 400, 'common.validation_failed');
    await expectCode(
      { ...body, until: 'tomorrow', months: undefined },
      400,
      'common.validation_failed',
    );
    await expectCode({ ...body, itemType: 'formation' }, 404, 'students.item_not_found');
    await expectCode({ ...body, itemId: NOT_FOUND_ID }, 404, 'students.item_not_found');
    await expectCode({ ...body, extra: 1 }, 400, 'common.validation_failed');
    expect(
      (await call(t, admin, 'post', `/admin/students/${NOT_FOUND_ID}/access`, body).expect(404))
        .body.code,
    ).toBe('students.not_found');

    // a purchase is not ended here (its payment is refunded instead); another student's grant is not found
    const paid = await pay({
      userId: student.id,
      paidAt: new Date().toISOString(),
      items: [{ type: 'course', id: course.id, list: 1000 }],
    });
    const [purchase] = await t.db
      .execute(
        sql`insert into access_grants (user_id, item_type, item_id, kind, starts_at, expires_at, payment_id)
      values (${student.id}, 'course', ${course.id}, 'purchase', now(), now() + interval '1 year', ${paid.id}) returning id`,
      )
      .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
    expect(
      (
        await call(
          t,
          admin,
          'delete',
          `/admin/students/${student.id}/access/${purchase.id}`,
        ).expect(409)
      ).body.code,
    ).toBe('students.grant_not_admin');
    const grant = (await call(t, admin, 'post', path, body).expect(201)).body as StudentDetail;
    const grantId = grant.items[0].history.find((h) => h.kind === 'admin_grant')!._id;
    expect(
      (await call(t, admin, 'delete', `/admin/students/${other.id}/access/${grantId}`).expect(404))
        .body.code,
    ).toBe('students.grant_not_found');
  });
});
