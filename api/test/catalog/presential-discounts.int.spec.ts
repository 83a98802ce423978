import {
  bestDiscountFor,
  type CourseDetail,
  type DiscountDto,
  type PresentialFormation,
} from '@circo/shared-contracts';
import { presentialFormations } from '../../src/database/schema.js';
import { createCourse, createDiscount, createFormationWithModules } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, ids } from './catalog-helpers.js';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const text = (base: string) => ({ es: `${base} es`, en: `${base} en`, fr: `${base} fr` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('catalog: in-person trainings and active discounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /discounts/activos', () => {
    it('answers 200 [] when no voucher runs', async () => {
      const res = await get(t, '/discounts/activos').expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    });

    it('lists only switched-on vouchers inside their dates, with their targets and USD amounts', async () => {
      const course = await createCourse(t.db, { title: text('Telas') });
      const formation = await createFormationWithModules(t.db, {
        modules: 0,
        title: text('Instructores'),
      });
      const running = await createDiscount(t.db, {
        percentage: 0,
        amountCents: 1250,
        description: 'Doce con cincuenta',
        type: 'both',
        targets: [
          { itemType: 'course', itemId: course.id },
          { itemType: 'formation', itemId: formation.id },
        ],
      });
      const past = await createDiscount(t.db, {
        startDate: new Date(Date.now() - 10 * DAY),
        endDate: new Date(Date.now() - DAY),
        targets: [{ itemType: 'course', itemId: course.id }],
      });
      const future = await createDiscount(t.db, {
        startDate: new Date(Date.now() + DAY),
        endDate: new Date(Date.now() + 10 * DAY),
        targets: [{ itemType: 'course', itemId: course.id }],
      });
      const switchedOff = await createDiscount(t.db, {
        active: false,
        targets: [{ itemType: 'course', itemId: course.id }],
      });
      // rows written straight into the database: the cached answer follows at the next poll
      await t.catalogChanged();

      const res = await get(t, '/discounts/activos').expect(200);
      const list = res.body as DiscountDto[];
      expect(ids(list)).toContain(running.id);
      for (const d of [past, future, switchedOff]) expect(ids(list)).not.toContain(d.id);
      const dto = list.find((d) => d._id === running.id)!;
      expect(dto).toEqual({
        _id: running.id,
        name: running.name,
        description: 'Doce con cincuenta',
        percentage: 0,
        amount: 12.5,
        startDate: running.startDate.toISOString(),
        endDate: running.endDate.toISOString(),
        active: true,
        type: 'both',
        targetItems: expect.arrayContaining([
          { _id: course.id, title: 'Telas es', itemType: 'course' },
          { _id: formation.id, title: 'Instructores es', itemType: 'formation' },
        ]),
      });
      expect(dto.targetItems).toHaveLength(2);
    });

    it('applies a voucher (shared bestDiscountFor) only to its targets', async () => {
      const target = await createCourse(t.db, { priceCents: 5000 });
      const other = await createCourse(t.db, { priceCents: 5000 });
      const voucher = await createDiscount(t.db, {
        percentage: 30,
        targets: [{ itemType: 'course', itemId: target.id }],
      });
      await t.catalogChanged();
      const discounts = (await get(t, '/discounts/activos').expect(200)).body as DiscountDto[];
      const price = async (id: string) => {
        const c = (await get(t, `/courses/${id}?lang=es`).expect(200)).body as CourseDetail;
        return {
          c,
          best: bestDiscountFor(
            { _id: c._id, type: 'course', price: c.price },
            discounts,
            Date.now(),
          ),
        };
      };
      const a = await price(target.id);
      expect(a.c.price).toBe(50);
      expect(a.best?._id).toBe(voucher.id);
      expect((await price(other.id)).best).toBeNull();
    });

    it('follows the clock: a voucher appears when it starts and disappears when it ends', async () => {
      const course = await createCourse(t.db);
      const start = Date.now() + 1500;
      const voucher = await createDiscount(t.db, {
        startDate: new Date(start),
        endDate: new Date(start + 1500),
        targets: [{ itemType: 'course', itemId: course.id }],
      });
      const listed = async () =>
        ids((await get(t, '/discounts/activos').expect(200)).body).includes(voucher.id);
      expect(await listed()).toBe(false);
      await sleep(start - Date.now() + 100);
      expect(await listed()).toBe(true);
      await sleep(start + 1500 - Date.now() + 100);
      expect(await listed()).toBe(false);
    });

    it('leaves out targets that no longer exist and blanks a title hidden in Spanish', async () => {
      const hidden = await createCourse(t.db, { visible: { es: false, en: true, fr: true } });
      const voucher = await createDiscount(t.db, {
        targets: [
          { itemType: 'course', itemId: hidden.id },
          { itemType: 'course', itemId: '00000000-0000-4000-8000-00000000dead' },
        ],
      });
      await t.catalogChanged();
      const dto = ((await get(t, '/discounts/activos').expect(200)).body as DiscountDto[]).find(
        (d) => d._id === voucher.id,
      )!;
      expect(dto.targetItems).toEqual([{ _id: hidden.id, title: '', itemType: 'course' }]);
    });
  });

  describe('GET /presential-formations/presencial', () => {
    it('lists the upcoming trainings only, soonest first, with calendar dates', async () => {
      const insert = async (
        name: string,
        dates: { single?: string; start?: string; end?: string },
      ) => {
        const [row] = await t.db
          .insert(presentialFormations)
          .values({
            title: text(name),
            description: text(`${name} description`),
            location: text('Valencia'),
            dateType: dates.single ? 'single' : 'range',
            singleDate: dates.single ?? null,
            rangeStart: dates.start ?? null,
            rangeEnd: dates.end ?? null,
            time: '10:00 a 14:00',
            registrationLink: 'https://example.com/inscripcion',
          })
          .returning();
        return row.id;
      };
      const pastSingle = await insert('past single', { single: day(-1) });
      const pastRange = await insert('past range', { start: day(-5), end: day(-1) });
      const running = await insert('running range', { start: day(-3), end: day(2) });
      const today = await insert('today', { single: day(0) });
      const later = await insert('later range', { start: day(10), end: day(12) });
      const soon = await insert('soon', { single: day(5) });

      const res = await get(t, '/presential-formations/presencial?lang=en').expect(200);
      const list = res.body as PresentialFormation[];
      const mine = ids(list).filter((id) =>
        [pastSingle, pastRange, running, today, later, soon].includes(id),
      );
      expect(mine).toEqual([running, today, soon, later]);
      expect(list.find((p) => p._id === running)).toEqual({
        _id: running,
        title: text('running range'),
        description: text('running range description'),
        location: text('Valencia'),
        dateType: 'range',
        singleDate: null,
        dateRange: { start: day(-3), end: day(2) },
        time: '10:00 a 14:00',
        registrationLink: 'https://example.com/inscripcion',
      });
      expect(list.find((p) => p._id === today)).toMatchObject({
        dateType: 'single',
        singleDate: day(0),
        dateRange: { start: null, end: null },
      });
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      await get(t, '/presential-formations/presencial?lang=xx').expect(400);
    });
  });
});
