// Dates, time zones and names from outside, as an attacker would send them: every one answers a
// 400 with a code and a message, fast, and never takes the process down (a period at the end of
// year 9999 used to loop for ever). Runs on PGlite, or on PostgreSQL with DATABASE_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import {
  FIELD_ERRORS,
  statsBuckets,
  STUDENTS_ERRORS,
  type AccountExport,
  type SalesStats,
} from '@circo/shared-contracts';
import { TimeZonesRepository } from '../src/modules/insights/time-zones.js';
import { createCourse, createPayment, createPurchase, createUser } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { NOT_FOUND_ID, tokenFor } from './catalog/catalog-helpers.js';

/** A bad request is answered within this (a generous bound on a busy 2-core machine). */
const FAST_MS = 200;

// Names a JavaScript date library knows (Java's ids, names the tz database dropped) that
// PostgreSQL does not, and abbreviations PostgreSQL reads as another zone than the browsers do.
const UNKNOWN_TO_POSTGRES = [
  'AET',
  'AGT',
  'BET',
  'CAT',
  'CNT',
  'CTT',
  'IET',
  'MIT',
  'NET',
  'PLT',
  'PNT',
  'PRT',
  'VST',
  'SST',
  'ECT',
  'US/Pacific-New',
  'Canada/East-Saskatchewan',
];
const READ_OTHERWISE = ['IST', 'ACT', 'ART', 'EAT', 'CET', 'EST'];

describe('hostile dates, time zones and names', () => {
  let t: TestApp;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    // a real socket: the requests below run side by side
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await tokenFor(t, await createUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
    const started = performance.now();
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return { status: res.status, body, ms };
  }

  const stats = (q: Record<string, string>) =>
    call('GET', `/admin/stats/sales?${new URLSearchParams(q).toString()}`, { token: admin });

  /** A 400 with a code and a message (and the field named), answered fast. */
  function expectRefused(
    res: { status: number; body: Record<string, unknown>; ms: number },
    field?: string,
  ) {
    expect(res.status).toBe(400);
    expect(typeof res.body.code).toBe('string');
    expect(typeof res.body.message).toBe('string');
    if (field) {
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    expect(res.ms).toBeLessThan(FAST_MS);
  }

  beforeAll(async () => {
    // the time zone list is read from the database once, on the first stats request
    expect((await stats({ from: '2026-03-01', to: '2026-03-31' })).status).toBe(200);
  });

  describe('sales stats periods', () => {
    it.each(['day', 'week', 'month'])(
      'refuses a period in year 9999 or later (%s), fast',
      async (groupBy) => {
        for (const [from, to] of [
          ['9999-12-01', '9999-12-31'],
          ['9998-12-01', '10000-01-01'],
          ['+275760-09-13', '+275760-09-13'],
          ['2027-W10-1', '2027-W12-1'],
          ['2027-069', '2027-070'],
          ['1969-12-01', '1969-12-31'],
        ]) {
          const res = await stats({ from, to, groupBy });
          expectRefused(res);
          expect(res.body.message).toMatch(/YYYY-MM-DD, from 1970-01-01 to 9998-12-31/);
        }
      },
    );

    it.each(['day', 'week', 'month'])(
      'answers the last days of the range (%s) with finite, ordered buckets',
      async (groupBy) => {
        const res = await stats({ from: '9998-11-20', to: '9998-12-31', groupBy });
        expect(res.status).toBe(200);
        const body = res.body as unknown as SalesStats;
        const periods = body.series.map((s) => s.period);
        expect(periods).toEqual(statsBuckets('9998-11-20', '9998-12-31', groupBy as 'day'));
        expect(periods.at(-1)! <= '9998-12-31').toBe(true);
        expect(res.ms).toBeLessThan(2000);
      },
    );
  });

  describe('time zones', () => {
    it.each([...UNKNOWN_TO_POSTGRES, ...READ_OTHERWISE])('refuses tz=%s with a 400', async (tz) => {
      const res = await stats({ from: '2026-03-01', to: '2026-03-31', tz });
      expectRefused(res, 'tz');
      expect(res.body.errors).toEqual([
        expect.objectContaining({ field: 'tz', code: 'isTimeZone' }),
      ]);
    });

    it.each(['Europe/Madrid', 'America/Argentina/Buenos_Aires', 'UTC', 'Asia/Kolkata'])(
      'takes tz=%s',
      async (tz) => {
        const res = await stats({ from: '2026-03-01', to: '2026-03-31', tz });
        expect(res.status).toBe(200);
        expect(res.body.tz).toBe(tz);
      },
    );

    it('takes any zone of the list, and answers the buckets of the shared rule', async () => {
      const zones = [...(await t.app.get(TimeZonesRepository).names())].filter((z) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: z });
          return true;
        } catch {
          return false;
        }
      });
      expect(zones.length).toBeGreaterThan(300);
      const groupings = ['day', 'week', 'month'] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...zones),
          fc.integer({ min: 0, max: 3000 }),
          fc.integer({ min: 0, max: 400 }),
          fc.constantFrom(...groupings),
          async (tz, start, length, groupBy) => {
            const day = (n: number) =>
              new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);
            const [from, to] = [day(start), day(start + length)];
            const res = await stats({ from, to, groupBy, tz });
            expect(res.status).toBe(200);
            const body = res.body as unknown as SalesStats;
            expect(body.series.map((s) => s.period)).toEqual(statsBuckets(from, to, groupBy));
          },
        ),
        { numRuns: 25 },
      );
    });

    it('keeps /api/health under 50 ms while ten hostile stats requests are in flight', async () => {
      // a keep-alive client: the test process is the client too, and fetch costs it more CPU
      const port = (t.app.getHttpServer().address() as AddressInfo).port;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      const send = (path: string) =>
        new Promise<{ status: number; ms: number }>((resolve, reject) => {
          const started = performance.now();
          http
            .get(
              {
                host: '127.0.0.1',
                port,
                path: `/api${path}`,
                agent,
                headers: { authorization: `Bearer ${admin}` },
              },
              (res) => {
                res.resume();
                res.on('end', () =>
                  resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
                );
              },
            )
            .on('error', reject);
        });
      const hostilePaths = Array.from(
        { length: 10 },
        (_, i) =>
          `/admin/stats/sales?${new URLSearchParams(
            i % 2 === 0
              ? { from: '9999-12-01', to: '9999-12-31', groupBy: ['day', 'week', 'month'][i % 3] }
              : { from: '2026-03-01', to: '2026-03-31', tz: UNKNOWN_TO_POSTGRES[i] },
          ).toString()}`,
      );
      /** How long /api/health takes with ten requests of `paths` sent just before it. */
      const round = async (paths: string[]) => {
        const inFlight = paths.map(send);
        const health = await send('/health');
        const answers = await Promise.all(inFlight);
        expect(health.status).toBe(200);
        return { health: health.ms, statuses: answers.map((a) => a.status) };
      };
      const best = async (paths: string[]) => {
        await round(paths); // warm: the first requests of a route pay for compiling its code
        const rounds = [await round(paths), await round(paths), await round(paths)];
        return { ms: Math.min(...rounds.map((r) => r.health)), statuses: rounds[0].statuses };
      };
      const hostile = await best(hostilePaths);
      expect(hostile.statuses).toEqual(Array(10).fill(400));
      // the same with ten ordinary requests: on a shared, busy machine ten cheap answers alone can
      // take more than 50 ms, so the bound is 50 ms or twice what ordinary traffic costs; a
      // request that kept the process busy (the bucket loop that never ended) fails either way
      const ordinary = await best(Array(10).fill('/health'));
      agent.destroy();
      expect(hostile.ms).toBeLessThan(Math.max(50, 2 * ordinary.ms));
    });
  });

  describe('access given by hand', () => {
    async function student() {
      const user = await createUser(t.db);
      const course = await createCourse(t.db);
      const body = { itemType: 'course', itemId: course.id, reason: 'gift' };
      return { user, course, body, path: `/admin/students/${user.id}/access` };
    }

    it('refuses week dates, ordinal dates, expanded years and years past 9998 as until', async () => {
      const s = await student();
      for (const until of [
        '2027-W10-1',
        '2027-W10-1T10:00:00Z',
        '2027-069',
        '+275760-09-13T00:00:00Z',
        '9999-06-01T00:00:00Z',
        '2027-03-10T10:00:00', // no offset: a different instant in every zone
        '2027-03-10',
      ]) {
        const res = await call('POST', s.path, { token: admin, body: { ...s.body, until } });
        expectRefused(res, 'until');
      }
    });

    it('refuses months that would take access past the end of 9998, saying so', async () => {
      const s = await student();
      const first = await call('POST', s.path, {
        token: admin,
        body: { ...s.body, until: '9998-12-01T00:00:00Z' },
      });
      expect(first.status).toBe(201);
      const res = await call('POST', s.path, { token: admin, body: { ...s.body, months: 36 } });
      expectRefused(res, 'months');
      expect(res.body.code).toBe(STUDENTS_ERRORS.grantPeriod);
      expect(res.body.message).toContain('9998-12-31');
      // the last instant of the range is still a date the grant may reach
      const last = await call('POST', s.path, {
        token: admin,
        body: { ...s.body, until: '9998-12-31T23:59:59.999Z' },
      });
      expect(last.status).toBe(201);
    });
  });

  describe('vouchers and in-person trainings', () => {
    const voucher = (targetId: string, dates: { startDate: unknown; endDate: unknown }) => ({
      name: { es: 'Bono', en: 'Voucher', fr: 'Bon' },
      percentage: 20,
      amount: 0,
      ...dates,
      type: 'course',
      targetItems: [{ _id: targetId }],
    });

    it('refuses voucher dates that are not days or instants of 1970-9998', async () => {
      const course = await createCourse(t.db);
      for (const endDate of [
        '+275760-09-13',
        '+275760-09-13T00:00:00Z',
        '2027-W10-1',
        '10000-01-01',
        '9999-12-31T23:59:59.999Z',
        'soon',
        20270101,
      ]) {
        const res = await call('POST', '/discounts', {
          token: admin,
          body: voucher(course.id, { startDate: '2030-01-01', endDate }),
        });
        expectRefused(res, 'endDate');
      }
      const ok = await call('POST', '/discounts', {
        token: admin,
        body: voucher(course.id, { startDate: '2030-01-01', endDate: '9998-12-31T23:59:59.999Z' }),
      });
      expect(ok.status).toBe(201);
    });

    it('refuses in-person dates outside the calendar of 1970-9998', async () => {
      for (const singleDate of ['+275760-09-13', '2027-W10-1', '9999-12-31', '2027-02-30']) {
        const res = await call('POST', '/presential-formations', {
          token: admin,
          body: {
            title: { es: 'Taller', en: 'Workshop', fr: 'Atelier' },
            description: { es: 'D', en: 'D', fr: 'D' },
            location: { es: 'Madrid', en: 'Madrid', fr: 'Madrid' },
            dateType: 'single',
            singleDate,
            time: '10:00',
            registrationLink: 'https://forms.example.com/taller',
          },
        });
        expectRefused(res, 'singleDate');
      }
    });
  });

  describe('names and messages', () => {
    it.each(['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c'])(
      'refuses a name holding U+%s',
      async (mark) => {
        const res = await call('POST', '/users', {
          body: {
            name: `Ana${mark}gnp.exe`,
            surname: 'Pérez',
            email: `bidi-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local`,
            password: 'Secreta123',
          },
        });
        expectRefused(res, 'name');
        expect(res.body.errors).toEqual([
          expect.objectContaining({ field: 'name', code: FIELD_ERRORS.bidiControls }),
        ]);
      },
    );

    it('refuses a voucher name holding a direction override', async () => {
      const course = await createCourse(t.db);
      const res = await call('POST', '/discounts', {
        token: admin,
        body: {
          name: { es: 'Bono\u202e', en: 'Voucher', fr: 'Bon' },
          percentage: 20,
          startDate: '2030-01-01',
          endDate: '2030-02-01',
          targetItems: [{ _id: course.id }],
        },
      });
      expectRefused(res, 'name');
    });

    it('tells a value that is not a number that it is not a number', async () => {
      const res = await call('POST', `/admin/practice/clips/${NOT_FOUND_ID}/comments`, {
        token: admin,
        body: { atSeconds: 'abc', text: 'Bien' },
      });
      expectRefused(res, 'atSeconds');
      expect(res.body.message).toBe('atSeconds must be a number');
      expect(res.body.errors).toEqual([
        expect.objectContaining({ field: 'atSeconds', code: 'isNumber' }),
      ]);
    });
  });

  describe('admin CSVs', () => {
    it('write instants as ISO 8601 in UTC and periods as days', async () => {
      const user = await createUser(t.db, { email: `csv-${Date.now()}@test.local` });
      // in English: "," between fields and the column names the code uses
      const students = await call('GET', `/admin/students.csv?lang=en&q=${user.email}`, {
        token: admin,
      });
      expect(students.status).toBe(200);
      const [head, row] = String(students.body.text).trim().split('\r\n');
      const registered = row.split(',')[head.split(',').indexOf('registered')];
      expect(registered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const sales = await call(
        'GET',
        '/admin/stats/sales.csv?lang=en&from=2026-03-01&to=2026-03-03',
        {
          token: admin,
        },
      );
      expect(sales.status).toBe(200);
      const periods = String(sales.body.text)
        .trim()
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]);
      expect(periods).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    });
  });

  describe("a student's data export", () => {
    it('writes every date as ISO 8601 in UTC', async () => {
      const user = await createUser(t.db);
      const course = await createCourse(t.db);
      await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: course.id });
      await createPayment(t.db, { userId: user.id, items: [{ type: 'course', id: course.id }] });
      const res = await call('GET', '/users/me/export', { token: await tokenFor(t, user) });
      expect(res.status).toBe(200);
      const data = res.body as unknown as AccountExport;
      const dates: Array<[string, unknown]> = [];
      const walk = (v: unknown, key = '') => {
        if (Array.isArray(v)) v.forEach((x) => walk(x, key));
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
        else if (/(_at|At)$/.test(key)) dates.push([key, v]);
      };
      walk(data);
      const nonNull = dates.filter(([, v]) => v !== null);
      expect(nonNull.map(([k]) => k)).toEqual(
        expect.arrayContaining(['created_at', 'starts_at', 'expires_at', 'exportedAt']),
      );
      for (const [key, value] of nonNull) {
        expect([key, value]).toEqual([
          key,
          expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        ]);
      }
    });
  });
});
