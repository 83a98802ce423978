// `node bench/sales-dashboard.mjs` (after `npm run build`): how long the admin's sales dashboard
// (GET /api/admin/stats/sales) takes to answer over HTTP at PAYMENTS paid payments (one or two
// items each, a voucher on every fifth item, every twentieth payment refunded), spread over the
// last 13 months: this month by day, last month by day, the last 12 months by month, and its CSV.
// The API runs in this process on PGlite (or on the server of DATABASE_URL), without job worker.
// Options (env): PAYMENTS=10000 ROUNDS=40 DATABASE_URL= BENCH_QUERIES=1 (each query's own time)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { pct, table } from './stats.mjs';

const PAYMENTS = Number(process.env.PAYMENTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const dist = join(import.meta.dirname, '../api/dist');
const { loadConfig } = await import(join(dist, 'config/app-config.js'));
const { createApp } = await import(join(dist, 'app.factory.js'));
const { DB } = await import(join(dist, 'database/database.js'));
const { JwtService } = await import('@nestjs/jwt');
const { statsPeriod, localToday } = await import('@circo/shared-contracts');

const dataDir = mkdtempSync(join(tmpdir(), 'circo-bench-sales-'));
// on a PostgreSQL server: a database of its own, dropped at the end
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
let databaseUrl;
let dropDatabase = async () => {};
if (serverUrl) {
  const { default: pg } = await import('pg');
  const name = `circo_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  SEED_DEMO: 'false',
  SERVE_WEB: 'false',
  JOBS_WORKER: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await createApp(config, { logger: false });
try {
  const db = app.get(DB);
  const t0 = performance.now();
  // an admin, 400 buyers, 20 courses, a voucher; then the payments in one statement each
  await db.execute(sql`insert into users (name, surname, email, password_hash, role)
    values ('Bench', 'Admin', 'bench-admin@bench.local', 'x', 'admin')`);
  await db.execute(sql`insert into users (name, surname, email, password_hash)
    select 'Buyer', 'N' || g, 'buyer-' || g || '@bench.local', 'x' from generate_series(1, 400) g`);
  await db.execute(sql`insert into courses (title, description, price_cents)
    select jsonb_build_object('es', 'Curso ' || g, 'en', '', 'fr', ''), '{"es":"x","en":"","fr":""}'::jsonb, 2000 + g * 100
    from generate_series(1, 20) g`);
  await db.execute(sql`insert into discounts (name, percentage, start_date, end_date, type)
    values ('Bono bench', 20, now() - interval '400 days', now() + interval '10 days', 'both')`);
  await db.execute(sql`
    insert into payments (user_id, provider, provider_payment_id, amount_cents, status, created_at,
      fulfilled_at, refunded_at)
    select u.id, 'local', 'pi_bench_' || g, 0, case when g % 20 = 0 then 'refunded' else 'succeeded' end,
      t, t + interval '1 minute', case when g % 20 = 0 then t + interval '3 days' end
    from generate_series(1, ${PAYMENTS}) g
    cross join lateral (select now() - (g::float / ${PAYMENTS}) * interval '395 days' as t) tt
    join lateral (select id from users where role = 'user' order by id offset (g % 400) limit 1) u on true`);
  await db.execute(sql`
    insert into payment_items (payment_id, item_type, item_id, title, list_price_cents, price_cents,
      discount_id, discount_name)
    select p.id, 'course', c.id, c.title, c.price_cents,
      case when (p.rn + k) % 5 = 0 then c.price_cents * 8 / 10 else c.price_cents end,
      case when (p.rn + k) % 5 = 0 then d.id end, case when (p.rn + k) % 5 = 0 then d.name end
    from (select id, row_number() over (order by id) as rn from payments) p
    cross join generate_series(0, 1) k
    join lateral (select id, title, price_cents from courses order by id offset ((p.rn + k * 7) % 20) limit 1) c on true
    cross join (select id, name from discounts limit 1) d
    where k = 0 or p.rn % 3 = 0`);
  await db.execute(sql`update payments p set amount_cents = s.total
    from (select payment_id, sum(price_cents) as total from payment_items group by payment_id) s
    where s.payment_id = p.id`);
  await db.execute(sql`analyze`);
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from payments`)).rows;
  console.log(
    `${n.toLocaleString('en')} payments written in ${((performance.now() - t0) / 1000).toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );

  const [{ id: adminId }] = (
    await db.execute(sql`select id from users where role = 'admin' limit 1`)
  ).rows;
  const token = await app
    .get(JwtService, { strict: false })
    .signAsync({ sub: adminId, role: 'admin' });
  if (process.env.BENCH_QUERIES) {
    const { InsightsRepository } = await import(
      join(dist, 'modules/insights/insights.repository.js')
    );
    const repo = app.get(InsightsRepository);
    const p = { ...statsPeriod('last12Months', localToday()), tz: 'UTC' };
    for (const [name, f] of [
      ['series', () => repo.salesSeries(p, 'month')],
      ['items + vouchers', () => repo.salesBreakdown(p)],
      ['newStudents', () => repo.newStudents(p)],
    ]) {
      const ts = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        await f();
        ts.push(performance.now() - t);
      }
      console.log(name, ts.sort((a, b) => a - b)[5].toFixed(1), 'ms');
    }
  }
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;
  const today = localToday();
  const q = (preset) => {
    const p = statsPeriod(preset, today);
    return `from=${p.from}&to=${p.to}&groupBy=${p.groupBy}`;
  };
  const cases = [
    ['this month, by day', `/admin/stats/sales?${q('thisMonth')}`],
    ['last month, by day', `/admin/stats/sales?${q('lastMonth')}`],
    ['last 12 months, by month', `/admin/stats/sales?${q('last12Months')}`],
    ['last 12 months, CSV', `/admin/stats/sales.csv?${q('last12Months')}`],
  ];
  const rows = [];
  for (const [name, path] of cases) {
    const times = [];
    let sales = 0;
    for (let r = 0; r < ROUNDS + 3; r++) {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
      if (r >= 3) times.push(performance.now() - t); // 3 warm-up rounds
      if (!path.includes('.csv')) sales = JSON.parse(body).totals.sales;
    }
    times.sort((a, b) => a - b);
    rows.push([
      name,
      sales || '—',
      ...[50, 95].map((p) => `${pct(times, p).toFixed(1)} ms`),
      `${times.at(-1).toFixed(1)} ms`,
    ]);
  }
  console.log(
    `GET /api/admin/stats/sales at ${n.toLocaleString('en')} payments, ${ROUNDS} requests each:`,
  );
  table(['period', 'sales', 'p50', 'p95', 'max'], rows);
} finally {
  await app.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
