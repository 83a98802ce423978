import { jest } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  runMigrations,
  type DatabaseHandle,
} from '../src/database/database.js';
import { createServerDatabase } from './support/test-databases.js';

jest.setTimeout(120_000);

// The money model changed in 0002-0004 (payment items as rows, purchases as a history of grants).
// A database at the schema before it (0001), holding payments and purchases, must migrate with
// every row kept: this builds one, fills it the way the old code did, and migrates it.
const LAST_OLD_MIGRATION = '0001_init';

let dir: string;
let handle: DatabaseHandle;
let dropServerDatabase: (() => Promise<void>) | undefined;

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A copy of the migrations folder whose journal stops at `tag`. */
function migrationsUpTo(tag: string): string {
  const folder = join(dir, 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'circo-migrate-'));
  const serverUrl = process.env.DATABASE_URL?.trim() || null;
  let databaseUrl: string | null = null;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    databaseUrl = created.url;
    dropServerDatabase = created.drop;
  }
  handle = await openDatabase({ dataDir: dir, databaseUrl }, { migrate: false });
  await runMigrations(handle, migrationsUpTo(LAST_OLD_MIGRATION));
});

afterAll(async () => {
  await handle?.close();
  await dropServerDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const C1 = 'c1111111-1111-4111-8111-111111111111';
const C2 = 'c2222222-2222-4222-8222-222222222222';
const F1 = 'f1111111-1111-4111-8111-111111111111';
const K1 = 'a1111111-1111-4111-8111-111111111111';
const P1 = 'b1111111-1111-4111-8111-111111111111';
const P2 = 'b2222222-2222-4222-8222-222222222222';

it('migrates a database with payments and purchases at the old schema with no row lost', async () => {
  const title = JSON.stringify({ es: 'Curso', en: 'Course', fr: 'Cours' });
  await handle.db.execute(sql`
    insert into users (id, name, email, password_hash, role) values
      (${U1}, 'Ana', 'ana@test.local', 'x', 'user'),
      (${U2}, 'Bea', 'bea@test.local', 'x', 'user')`);
  // C1 has its Spanish content (it stays visible in Spanish); C2 only titles (0012 hides it)
  const description = JSON.stringify({ es: '<p>Sobre el curso</p>', en: '', fr: '' });
  const image = JSON.stringify({ es: '/api/content/images/trapeze.svg', en: null, fr: null });
  await handle.db.execute(sql`
    insert into courses (id, title, description, image, price_cents) values
      (${C1}, ${title}::jsonb, ${description}::jsonb, ${image}::jsonb, 2500),
      (${C2}, ${title}::jsonb, ${title}::jsonb, '{}'::jsonb, 4000)`);
  await handle.db.execute(sql`
    insert into formations (id, title, price_cents) values (${F1}, ${title}::jsonb, 12000)`);
  await handle.db.execute(sql`
    insert into course_classes (id, course_id, position, title, content)
    values (${K1}, ${C1}, 0, ${title}::jsonb, ${title}::jsonb)`);
  // two payments with their items in the old JSONB column: one with a discount
  await handle.db.execute(sql`
    insert into payments (id, user_id, provider, provider_payment_id, amount_cents, status, items) values
      (${P1}, ${U1}, 'stripe', 'pi_old_1', 11600, 'succeeded',
        ${JSON.stringify([
          { type: 'course', id: C1, priceCents: 2500 },
          {
            type: 'formation',
            id: F1,
            priceCents: 9600,
            listPriceCents: 12000,
            discount: { name: 'Bono', percentage: 20 },
          },
        ])}::jsonb),
      (${P2}, ${U2}, 'local', 'pi_old_2', 4000, 'succeeded',
        ${JSON.stringify([{ type: 'course', id: C2, priceCents: 4000 }])}::jsonb)`);
  // purchases: two paid, one given by hand (no payment), one expired
  await handle.db.execute(sql`
    insert into purchases (user_id, item_type, item_id, purchased_at, expires_at, payment_id) values
      (${U1}, 'course', ${C1}, '2026-01-10T10:00:00Z', '2027-01-10T10:00:00Z', ${P1}),
      (${U1}, 'formation', ${F1}, '2026-01-10T10:00:00Z', '2027-01-10T10:00:00Z', ${P1}),
      (${U2}, 'course', ${C2}, '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', ${P2}),
      (${U2}, 'course', ${C1}, '2026-05-01T00:00:00Z', '2027-05-01T00:00:00Z', null)`);
  await handle.db.execute(sql`
    insert into class_progress (user_id, item_type, item_id, class_id) values
      (${U1}, 'course', ${C1}, ${K1})`);

  await runMigrations(handle);

  const items = await rows<Record<string, unknown>>(sql`
    select payment_id, item_type, item_id, list_price_cents, price_cents, discount_name, discount_percentage
    from payment_items order by payment_id, item_type`);
  expect(items).toEqual([
    {
      payment_id: P1,
      item_type: 'course',
      item_id: C1,
      list_price_cents: 2500,
      price_cents: 2500,
      discount_name: null,
      discount_percentage: null,
    },
    {
      payment_id: P1,
      item_type: 'formation',
      item_id: F1,
      list_price_cents: 12000,
      price_cents: 9600,
      discount_name: 'Bono',
      discount_percentage: 20,
    },
    {
      payment_id: P2,
      item_type: 'course',
      item_id: C2,
      list_price_cents: 4000,
      price_cents: 4000,
      discount_name: null,
      discount_percentage: null,
    },
  ]);

  const grants = await rows<Record<string, unknown>>(sql`
    select user_id, item_type, item_id, kind, payment_id,
           to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD') as expires
    from access_grants order by user_id, item_type, item_id`);
  expect(grants).toEqual([
    {
      user_id: U1,
      item_type: 'course',
      item_id: C1,
      kind: 'purchase',
      payment_id: P1,
      expires: '2027-01-10',
    },
    {
      user_id: U1,
      item_type: 'formation',
      item_id: F1,
      kind: 'purchase',
      payment_id: P1,
      expires: '2027-01-10',
    },
    {
      user_id: U2,
      item_type: 'course',
      item_id: C1,
      kind: 'admin_grant',
      payment_id: null,
      expires: '2027-05-01',
    },
    {
      user_id: U2,
      item_type: 'course',
      item_id: C2,
      kind: 'purchase',
      payment_id: P2,
      expires: '2026-01-01',
    },
  ]);
  const current = await rows<{ n: number }>(sql`select count(*)::int as n from current_access`);
  expect(current[0].n).toBe(4);

  const counts = await rows<Record<string, number>>(sql`
    select (select count(*)::int from users) as users, (select count(*)::int from payments) as payments,
           (select count(*)::int from class_progress) as progress`);
  expect(counts[0]).toEqual({ users: 2, payments: 2, progress: 1 });
  const tables = await rows<{ n: number }>(
    sql`select count(*)::int as n from information_schema.tables where table_name = 'purchases'`,
  );
  expect(tables[0].n).toBe(0);

  // the search table (0010) is filled from the courses already there, one row per language
  const search = await rows<{ lang: string; visible: boolean; title: string }>(
    sql`select lang, visible, title from course_search where item_id = ${C1} order by lang`,
  );
  expect(search).toEqual([
    { lang: 'en', visible: false, title: 'course' },
    { lang: 'es', visible: true, title: 'curso' },
    { lang: 'fr', visible: false, title: 'cours' },
  ]);
  // 0012: a language switched on without its content (C2 has no image) is hidden
  const visible = await rows<{ visible: Record<string, boolean> }>(
    sql`select visible from courses where id = ${C2}`,
  );
  expect(visible[0].visible).toEqual({ es: false, en: false, fr: false });
});
