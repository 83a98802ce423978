import { statSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  DATABASE_HANDLE,
  MIGRATIONS_FOLDER,
  type DatabaseHandle,
} from '../src/database/database.js';
import {
  asConstraintViolation,
  isUniqueViolation,
  mapViolation,
} from '../src/database/db-errors.js';
import {
  classMedia,
  courseClasses,
  courseSearch,
  courses,
  discountTargets,
  discounts,
  formationClasses,
  formationModules,
  formations,
  presentialFormations,
  currentAccess,
  users,
} from '../src/database/schema.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/demo/seed.js';
import { filePathOf } from '../src/modules/media/index.js';
import { ensureAdmin } from '../src/modules/users/ensure-admin.js';
import { verifyPassword } from '../src/modules/users/password.js';
import { createCourse, createUser } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const silent = { log: () => undefined };

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the migrations in api/drizzle, found from src/ and dist/ alike', () => {
    const apiRoot = resolve(fileURLToPath(import.meta.url), '../..');
    expect(MIGRATIONS_FOLDER).toBe(join(apiRoot, 'drizzle'));
  });

  it('applies every migration of the journal', async () => {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const applied = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied[0].n).toBe(journal.entries.length);

    const tables = rowsOf<{ table_name: string }>(
      await t.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(
      [
        'accounts_version',
        'catalog_version',
        'certificate_reviews',
        'certificate_signer',
        'certificates',
        'class_media',
        'class_positions',
        'class_progress',
        'course_classes',
        'course_search',
        'courses',
        'current_access',
        'discount_targets',
        'discounts',
        'formation_classes',
        'formation_modules',
        'formation_search',
        'formations',
        'jobs',
        'local_provider_objects',
        'password_reset_tokens',
        'payments',
        'payment_items',
        'access_grants',
        'access_reminders',
        'billing_profiles',
        'billing_settings',
        'invoice_counters',
        'invoices',
        'payment_billing',
        'plan_items',
        'plans',
        'practice_clip_comments',
        'practice_clips',
        'practice_log',
        'practice_preferences',
        'presential_formations',
        'processed_webhook_events',
        'subscription_access',
        'subscription_periods',
        'subscriptions',
        'uploaded_assets',
        'users',
      ].sort(),
    );
    const ext = rowsOf<{ extname: string }>(
      await t.db.execute(sql`select extname from pg_extension order by extname`),
    );
    expect(ext.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });

  it('maps a taken e-mail to a unique violation on users_email_key', async () => {
    const user = await createUser(t.db);
    const err = await t.db
      .insert(users)
      .values({ name: 'Other', surname: 'Person', email: user.email, passwordHash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeNull();
    const v = asConstraintViolation(err);
    expect(v).toMatchObject({
      kind: 'unique',
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
    });
    expect(isUniqueViolation(err, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(err, 'some_other_key')).toBe(false);
    const mapped = mapViolation(err, { users_email_key: () => new Error('users.email_taken') });
    expect((mapped as Error).message).toBe('users.email_taken');
    expect(asConstraintViolation(new Error('boom'))).toBeNull();
  });

  it('maps foreign-key and check violations, and enforces lower-case e-mails', async () => {
    const fk = await t.db
      .insert(courseClasses)
      .values({
        courseId: '00000000-0000-4000-8000-000000000000',
        title: { es: 'x', en: '', fr: '' },
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(asConstraintViolation(fk)).toMatchObject({ kind: 'foreign_key', code: '23503' });

    const check = await createCourse(t.db, { priceCents: -1 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(asConstraintViolation(check)).toMatchObject({
      kind: 'check',
      constraint: 'courses_price_cents_check',
    });

    const upper = await t.db
      .insert(users)
      .values({ name: 'A', surname: 'B', email: 'Mixed@Case.Test', passwordHash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(asConstraintViolation(upper)).toMatchObject({
      kind: 'check',
      constraint: 'users_email_lowercase',
    });

    const media = await t.db
      .insert(classMedia)
      .values({ ownerKind: 'course_class', kind: 'pdf' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(asConstraintViolation(media)).toMatchObject({
      kind: 'check',
      constraint: 'class_media_one_owner_check',
    });
  });

  it('keeps the search table in step with the courses: accent- and case-free, per language', async () => {
    const course = await createCourse(t.db, {
      title: { es: 'Acrobácia Aérea', en: 'Aerial Acrobatics', fr: 'Équilibre Aérien' },
      description: { es: 'Telas y TRAPECIO', en: '', fr: 'Sur les mains' },
      visible: { es: true, en: false, fr: true },
    });
    const entries = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({
              lang: courseSearch.lang,
              visible: courseSearch.visible,
              title: courseSearch.title,
              body: courseSearch.body,
            })
            .from(courseSearch)
            .where(eq(courseSearch.itemId, course.id))
        ).map(({ lang, ...rest }) => [lang, rest]),
      );
    expect(await entries()).toEqual({
      es: { visible: true, title: 'acrobacia aerea', body: 'telas y trapecio' },
      en: { visible: false, title: 'aerial acrobatics', body: '' },
      fr: { visible: true, title: 'equilibre aerien', body: 'sur les mains' },
    });

    // the search the API runs: the term normalised the same way, substring match on the column
    const found = await t.db
      .select({ id: courseSearch.itemId })
      .from(courseSearch)
      .where(sql`${courseSearch.title} like '%' || lower(f_unaccent(${'ÉQUILIBRE'})) || '%'`);
    expect(found.map((f) => f.id)).toContain(course.id);

    // updates (text, flags) follow at once; a delete takes the rows along
    await t.db
      .update(courses)
      .set({
        title: { es: 'Malabares', en: 'Juggling', fr: 'Jonglage' },
        visible: { es: false, en: true, fr: true },
      })
      .where(eq(courses.id, course.id));
    expect(await entries()).toEqual({
      es: { visible: false, title: 'malabares', body: 'telas y trapecio' },
      en: { visible: true, title: 'juggling', body: '' },
      fr: { visible: true, title: 'jonglage', body: 'sur les mains' },
    });
    await t.db.delete(courses).where(eq(courses.id, course.id));
    expect(await entries()).toEqual({});
  });

  it('reads dates as YYYY-MM-DD strings and timestamps as Dates', async () => {
    const [p] = await t.db
      .insert(presentialFormations)
      .values({
        title: { es: 'Taller', en: 'Workshop', fr: 'Atelier' },
        dateType: 'range',
        rangeStart: '2030-05-01',
        rangeEnd: '2030-05-03',
      })
      .returning();
    expect(p).toMatchObject({
      rangeStart: '2030-05-01',
      rangeEnd: '2030-05-03',
      startsOn: '2030-05-01',
      endsOn: '2030-05-03',
    });
    expect(p.createdAt).toBeInstanceOf(Date);
  });

  it('runs transactions and rolls them back on error', async () => {
    const email = `tx-${Date.now()}@test.local`;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(users).values({ name: 'Tx', surname: 'User', email, passwordHash: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('reports the database as up', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    // seeded by the start-up itself, like a first `npm start`
    t = await createTestApp({ seedDemo: true, seedDemoAccounts: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the trilingual demo catalogue', async () => {
    const all = await t.db.select().from(courses);
    expect(all.length).toBeGreaterThanOrEqual(4);
    const byTitle = (es: string) => all.find((c) => c.title.es === es)!;
    expect(byTitle('Acrobacia aérea en telas: iniciación').visible).toEqual({
      es: true,
      en: true,
      fr: true,
    });
    expect(byTitle('Equilibrios de manos: fundamentos').visible).toEqual({
      es: true,
      en: false,
      fr: true,
    });
    expect(all.some((c) => c.visible.fr === false)).toBe(true);
    const searchRows = await t.db
      .select({ title: courseSearch.title })
      .from(courseSearch)
      .where(eq(courseSearch.lang, 'fr'));
    expect(searchRows.some((r) => r.title.includes('equilibre'))).toBe(true);

    for (const course of all) {
      const classes = await t.db
        .select()
        .from(courseClasses)
        .where(eq(courseClasses.courseId, course.id));
      expect(classes.length).toBeGreaterThanOrEqual(2);
      expect(classes.length).toBeLessThanOrEqual(4);
    }
    // class PDFs and videos are real local files in the private storage, in every language
    const media = await t.db.select().from(classMedia);
    expect(media.some((m) => m.kind === 'video') && media.some((m) => m.kind === 'pdf')).toBe(true);
    for (const m of media) {
      expect(m.publicId.es).toMatch(m.kind === 'pdf' ? /^pdfs\/.+\.pdf$/ : /^videos\/.+\.mp4$/);
      expect(m.url.es).toBe(`/api/files/private/${m.publicId.es}`);
      const file = filePathOf(t.config.dataDir, 'private', m.publicId.es!)!;
      expect(statSync(file).size).toBeGreaterThan(500);
    }

    const fs = await t.db.select().from(formations);
    expect(fs).toHaveLength(2);
    expect(fs.some((f) => Object.values(f.visible).includes(false))).toBe(true);
    for (const f of fs) {
      const mods = await t.db
        .select()
        .from(formationModules)
        .where(eq(formationModules.formationId, f.id));
      expect(mods.length).toBeGreaterThanOrEqual(2);
      for (const m of mods) {
        const cls = await t.db
          .select()
          .from(formationClasses)
          .where(eq(formationClasses.moduleId, m.id));
        expect(cls.length).toBeGreaterThanOrEqual(2);
      }
    }

    const today = new Date().toISOString().slice(0, 10);
    const presential = await t.db.select().from(presentialFormations);
    expect(presential.map((p) => p.dateType).sort()).toEqual(['range', 'single']);
    expect(presential.every((p) => p.startsOn! > today)).toBe(true);

    const [voucher] = await t.db.select().from(discounts);
    expect(voucher).toMatchObject({ percentage: 20, active: true });
    expect(voucher.startDate.getTime()).toBeLessThan(Date.now());
    expect(voucher.endDate.getTime()).toBeGreaterThan(Date.now());
    const targets = await t.db
      .select()
      .from(discountTargets)
      .where(eq(discountTargets.discountId, voucher.id));
    expect(targets.map((x) => x.itemType).sort()).toEqual(['course', 'formation']);
  });

  it('creates a demo admin and a demo student with active, expiring and expired purchases', async () => {
    const [admin] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect(admin.role).toBe('admin');
    expect(await verifyPassword(DEMO_ACCOUNTS.admin.password, admin.passwordHash)).toBe(true);
    const [student] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.student.email));
    expect(student.role).toBe('user');
    expect(await verifyPassword(DEMO_ACCOUNTS.student.password, student.passwordHash)).toBe(true);

    const owned = await t.db
      .select()
      .from(currentAccess)
      .where(eq(currentAccess.userId, student.id));
    const now = Date.now();
    const active = owned.filter((p) => p.expiresAt.getTime() > now);
    const expired = owned.filter((p) => p.expiresAt.getTime() <= now);
    expect(active.map((p) => p.itemType).sort()).toEqual([
      'course',
      'course',
      'course',
      'formation',
    ]);
    expect(expired.map((p) => p.itemType).sort()).toEqual(['course', 'formation']);
    // one course expires within a week (its badge shows days remaining)
    expect(active.filter((p) => p.expiresAt.getTime() < now + 7 * 86_400_000)).toHaveLength(1);
  });

  it('never seeds twice, nor over existing data', async () => {
    const before = await t.db.select({ id: courses.id }).from(courses);
    expect(await seedDemo(t.db, t.config, silent)).toBeNull();
    expect(await t.db.select({ id: courses.id }).from(courses)).toHaveLength(before.length);
    expect(
      await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)),
    ).toHaveLength(1);
  });

  it('ensureAdmin creates the configured admin once and promotes an existing account', async () => {
    const email = `boss-${Date.now()}@test.local`;
    expect(await ensureAdmin(t.db, email.toUpperCase(), 'Boss12345', silent)).toBe('created');
    expect(await ensureAdmin(t.db, email, 'Boss12345', silent)).toBe('unchanged');
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, 'admin')));
    expect(await verifyPassword('Boss12345', row.passwordHash)).toBe(true);

    const user = await createUser(t.db);
    expect(await ensureAdmin(t.db, user.email, 'Whatever1', silent)).toBe('promoted');
    await expect(
      ensureAdmin(t.db, `weak-${Date.now()}@test.local`, 'weak', silent),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('answers 503 health.database_down when the database is gone', async () => {
    await t.app.get<DatabaseHandle>(DATABASE_HANDLE).close();
    const res = await request(t.app.getHttpServer()).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: 'health.database_down',
      message: expect.any(String),
    });
  });
});
