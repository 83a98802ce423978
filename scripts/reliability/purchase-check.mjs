// What the database holds after a run: the purchase invariants, read straight from it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { sleep } from './basics.mjs';

const require = createRequire(join(root, 'api/package.json'));
const pg = require('pg');

// ---------------------------------------------------------------------------------------------
// what the database holds afterwards

/**
 * The purchase invariants, read straight from the database:
 * - lost: a card the provider charged (local intent succeeded) whose payment registered nothing
 *   and was not refunded (every item owned already), or a fulfilled payment whose item the buyer
 *   does not own now;
 * - without payment: a purchase grant whose payment did not succeed at the provider;
 * - duplicates: an item granted twice by one payment, or bought by two payments that both kept
 *   it (neither refunded) and overlap in time.
 */
export async function checkPurchases(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const one = async (sql) => (await c.query(sql)).rows;
    // a payment for items owned by then is refunded by a durable job after its commit: the
    // check waits (up to 2 minutes) for the jobs written so far to run
    const jobsBefore = Date.now();
    let open = 0;
    while (Date.now() - jobsBefore < 120_000) {
      [{ open }] = await one(
        `select count(*)::int as open from jobs where status in ('pending', 'running')`,
      );
      if (open === 0) break;
      await sleep(500);
    }
    const [jobs] = await one(`select
        count(*) filter (where status = 'done')::int as done,
        count(*) filter (where status = 'dead')::int as dead,
        count(*) filter (where status in ('pending', 'running'))::int as open,
        count(*) filter (where attempts > 1)::int as retried
      from jobs`);
    const [counts] = await one(`
      select
        (select count(*)::int from payments) as payments,
        (select count(*)::int from payments where status in ('succeeded','refunded') and fulfilled_at is not null) as succeeded,
        (select count(*)::int from payments where status = 'refunded') as refunded,
        (select count(*)::int from access_grants where kind in ('purchase','renewal')) as purchases,
        (select count(*)::int from payment_items pi join payments p on p.id = pi.payment_id
           where p.fulfilled_at is not null) as items_paid`);
    const lost = await one(`
      select p.id, p.status from local_provider_objects o
      join payments p on p.provider = 'local'
        and p.provider_payment_id = coalesce(o.metadata->>'sessionId', o.id)
      where o.kind = 'payment_intent' and o.status = 'succeeded' and p.purpose = 'items'
        and (p.fulfilled_at is null
          or (p.status <> 'refunded' and not exists (
            select 1 from access_grants g where g.payment_id = p.id and g.kind in ('purchase','renewal'))))
      union all
      select p.id, 'item not owned' from payments p
      join payment_items i on i.payment_id = p.id
      where p.fulfilled_at is not null and p.status = 'succeeded' and not exists (
        select 1 from access_grants g where g.user_id = p.user_id and g.item_type = i.item_type
          and g.item_id = i.item_id and g.kind in ('purchase','renewal'))`);
    const withoutPayment = await one(`
      select g.id from access_grants g
      left join payments p on p.id = g.payment_id
      left join local_provider_objects o on o.id = coalesce(p.provider_intent_id, p.provider_payment_id)
      where g.kind in ('purchase','renewal')
        and (p.id is null or p.fulfilled_at is null
          or (p.provider = 'local' and (o.id is null or o.status <> 'succeeded')))`);
    const duplicates = await one(`
      select g.payment_id, g.item_id, count(*)::int from access_grants g
      where g.kind in ('purchase','renewal') group by 1, 2 having count(*) > 1
      union all
      select a.payment_id, a.item_id, 2 from access_grants a
      join access_grants b on a.user_id = b.user_id and a.item_type = b.item_type
        and a.item_id = b.item_id and a.id < b.id
        and a.kind = 'purchase' and b.kind = 'purchase'
        and a.starts_at < b.expires_at and b.starts_at < a.expires_at
      where not exists (select 1 from access_grants r where r.refunds_grant_id in (a.id, b.id))`);
    const jobsWaitMs = Date.now() - jobsBefore;
    const memberships = await checkMemberships(one);
    return { ...counts, lost, withoutPayment, duplicates, memberships, jobs, jobsWaitMs };
  } finally {
    await c.end();
  }
}

/**
 * The membership invariants (memberships renew on the local provider's clock during a run, whose
 * periods last a minute): it waits (up to 100 s) until every running membership has renewed at
 * least once (or gone past due) and no period that ended waits for its renewal, then counts
 * - lost: a card charged at the local provider for a membership whose payment registered nothing,
 *   or an active subscription whose period ended 15 s ago and was not renewed;
 * - double: a paid membership payment with no period of its own (a period charged twice), two
 *   periods of one subscription that overlap, two running subscriptions of a student to one plan.
 */
async function checkMemberships(one) {
  const waiting = `select count(*)::int as n from subscriptions s
    where s.status = 'active' and not s.cancel_at_period_end
      and (s.current_period_end < now() - interval '15 seconds'
        or (select count(*) from subscription_periods p where p.subscription_id = s.id) < 2)`;
  const since = Date.now();
  while (Date.now() - since < 100_000 && (await one(waiting))[0].n > 0) await sleep(1000);
  const [counts] = await one(`select
      (select count(*)::int from subscriptions where status <> 'incomplete') as started,
      (select count(*)::int from subscription_periods) as periods,
      (select count(*)::int from subscription_periods sp where sp.starts_at > (
        select min(f.starts_at) from subscription_periods f
        where f.subscription_id = sp.subscription_id)) as renewals,
      (select count(*)::int from subscriptions where status = 'past_due') as past_due`);
  const lost = await one(`
    select p.id, 'charged, not registered' as what from local_provider_objects o
    join payments p on p.provider = 'local' and p.provider_payment_id = o.id
    where p.purpose = 'subscription' and o.status = 'succeeded' and p.fulfilled_at is null
    union all
    select s.id, 'not renewed' from subscriptions s
    where s.status = 'active' and not s.cancel_at_period_end
      and s.current_period_end < now() - interval '15 seconds'`);
  const double = await one(`
    select p.id, 'paid, no period of its own' as what from payments p
    where p.purpose = 'subscription' and p.status = 'succeeded'
      and not exists (select 1 from subscription_periods sp where sp.payment_id = p.id)
    union all
    select a.subscription_id, 'overlapping periods' from subscription_periods a
    join subscription_periods b on a.subscription_id = b.subscription_id and a.id < b.id
      and a.starts_at < b.ends_at and b.starts_at < a.ends_at
    union all
    select min(s.id::text)::uuid, 'two running subscriptions to one plan' from subscriptions s
    where s.status in ('active', 'past_due') group by s.user_id, s.plan_id having count(*) > 1`);
  return { ...counts, lost, double, waitedMs: Date.now() - since };
}

export function printPurchaseCheck(check) {
  console.log(
    `database: ${check.payments} payments, ${check.succeeded} succeeded (${check.refunded} refunded: paid twice for items already owned), ` +
      `${check.items_paid} paid items, ${check.purchases} purchases registered`,
  );
  console.log(
    `  lost purchases: ${check.lost.length}   purchases without a succeeded payment: ${check.withoutPayment.length}   duplicates: ${check.duplicates.length}`,
  );
  console.log(
    `  jobs (receipts, refunds, ...): ${check.jobs.done} done, ${check.jobs.dead} dead, ${check.jobs.open} not run yet ` +
      `(${check.jobs.retried} needed a retry; waited ${check.jobsWaitMs} ms for them after the load)`,
  );
  const m = check.memberships;
  console.log(
    `memberships: ${m.started} started, ${m.periods} periods paid (${m.renewals} renewals), ${m.past_due} past due ` +
      `(waited ${m.waitedMs} ms for each to renew once)`,
  );
  console.log(`  lost memberships: ${m.lost.length}   double: ${m.double.length}`);
  for (const [what, rows] of [
    ['lost', check.lost],
    ['without payment', check.withoutPayment],
    ['duplicate', check.duplicates],
    ['membership lost', m.lost],
    ['membership double', m.double],
  ]) {
    for (const r of rows.slice(0, 5)) console.log(`  ${what}: ${JSON.stringify(r)}`);
  }
  return (
    check.lost.length +
      check.withoutPayment.length +
      check.duplicates.length +
      m.lost.length +
      m.double.length +
      check.jobs.dead ===
    0
  );
}
