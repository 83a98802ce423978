// Fault 1 of `npm run chaos`: the database goes away for a while in the middle of the load.
import { randomBytes } from 'node:crypto';
import { loadEnv } from '../load.mjs';
import {
  Stats,
  adminQuery,
  freePort,
  health,
  newTally,
  runLoad,
  sleep,
  startApi,
  stopApi,
} from '../reliability/lib.mjs';

import {
  FAULT_ENV,
  REQUEST_BOUND_MS,
  Stripe,
  WEBHOOK_SECRET,
  catalogue,
  fail,
  newBuyer,
  outageSeconds,
  seconds,
  serverUrl,
  stripeStandIn,
  users,
} from './common.mjs';

export async function databaseOutage(db) {
  console.log(
    `\n=== 1. database outage of ${outageSeconds} s in the middle of ${seconds} s of load (${users} users)`,
  );
  const stand = await stripeStandIn();
  const signer = new Stripe('sk_test_chaos');
  const api = await startApi({
    port: await freePort(),
    env: loadEnv(db.url, FAULT_ENV),
    name: 'api',
  });
  // a second instance on the same database takes card payments through Stripe (the stand-in)
  const stripeApi = await startApi({
    port: await freePort(),
    name: 'api (Stripe)',
    env: loadEnv(db.url, {
      ...FAULT_ENV,
      STRIPE_SECRET_KEY: 'sk_test_chaos',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_chaos',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stand.port),
      STRIPE_API_PROTOCOL: 'http',
    }),
  });
  const stats = new Stats();
  const tally = newTally();
  let outage = false;
  const during = { answers: 0, by: new Map(), badShape: 0, noAnswer: 0 };
  const onAnswer = ({ status, json, ms, path }) => {
    if (status === 0 || ms > REQUEST_BOUND_MS) during.noAnswer++;
    if (status >= 500 && !(status === 503 && json?.code === 'common.service_unavailable')) {
      during.badShape++;
      if (during.badShape <= 5)
        console.log(`  answer outside the error shape: ${status} ${path} ${JSON.stringify(json)}`);
    }
    if (!outage) return;
    during.answers++;
    during.by.set(status, (during.by.get(status) ?? 0) + 1);
  };

  // Stripe payments whose cards are charged just before the outage: their webhooks arrive in it
  const courses = await catalogue(api.url, stats);
  const stripeBuyers = [];
  for (let i = 0; i < 5; i++) {
    const c = await newBuyer(stripeApi.url, stats, `stripe${i}`);
    const started = await c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', {
      items: [courses[i % courses.length]],
    });
    if (started.status !== 201) throw new Error(`Stripe checkout: ${started.status}`);
    stripeBuyers.push({
      c,
      intentId: started.json.paymentIntentId,
      event: `evt_chaos_${randomBytes(6).toString('hex')}`,
    });
  }
  const deliver = async (b) => {
    const payload = JSON.stringify({
      id: b.event,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      data: { object: stand.intent(b.intentId) },
    });
    try {
      const res = await fetch(`${stripeApi.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
        signal: AbortSignal.timeout(REQUEST_BOUND_MS),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    } catch {
      return { status: 0, body: null };
    }
  };

  const load = runLoad({ baseUrls: [api.url], users, seconds, stats, tally, onAnswer });
  await sleep(Math.max(8, seconds / 3) * 1000);

  // the outage: no new connections to this database, every open one terminated
  for (const b of stripeBuyers) stand.succeed(b.intentId);
  const outageStarted = Date.now();
  outage = true;
  await adminQuery(serverUrl, `alter database ${db.name} allow_connections false`);
  const killed = await adminQuery(
    serverUrl,
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [db.name],
  );
  console.log(`outage: ${killed.rows[0].n} connections terminated, new ones refused`);
  const firstDeliveries = await Promise.all(stripeBuyers.map(deliver));
  const healthDuring = [];
  while (Date.now() - outageStarted < outageSeconds * 1000) {
    healthDuring.push(await health(api.url));
    await sleep(500);
  }
  await adminQuery(serverUrl, `alter database ${db.name} allow_connections true`);
  outage = false;
  const back = Date.now();
  let healthy = 0;
  while (Date.now() - back < 30_000 && (healthy = await health(api.url)) !== 200) await sleep(100);
  const recoveredMs = Date.now() - back;
  console.log(
    `during the outage: /api/health ${[...new Set(healthDuring)].join('/')} (${healthDuring.length} probes); ` +
      `${during.answers} answers to the users: ${[...during.by.entries()].map(([s, n]) => `${s || 'none'}x${n}`).join(' ')}`,
  );
  console.log(
    `database back: /api/health ${healthy} after ${recoveredMs} ms, the pool reconnected by itself`,
  );
  console.log(
    `webhooks sent during the outage: ${firstDeliveries.map((d) => d.status).join(', ')}`,
  );
  if (healthDuring.some((s) => s !== 503))
    fail(`/api/health answered ${healthDuring.join(',')} during the outage (503 expected)`);
  if (healthy !== 200) fail('/api/health did not come back to 200 within 30 s');
  if (firstDeliveries.some((d) => d.status !== 503))
    fail('a webhook during the outage was not answered 503');

  await load;
  // Stripe redelivers what was not answered 2xx (with backoff): each event once more until 2xx
  const redelivered = [];
  for (const b of stripeBuyers) {
    let res;
    for (let attempt = 0; attempt < 5 && (res = await deliver(b)).status !== 200; attempt++)
      await sleep(1000 * 2 ** attempt);
    redelivered.push(res);
  }
  const again = await Promise.all(stripeBuyers.map(deliver));
  console.log(
    `webhooks redelivered after it: ${redelivered.map((r) => `${r.status}${r.body?.duplicate ? ' duplicate' : ''}`).join(', ')}; ` +
      `delivered once more: ${again.map((r) => `${r.status}${r.body?.duplicate ? ' duplicate' : ''}`).join(', ')}`,
  );
  if (redelivered.some((r) => r.status !== 200 || r.body?.duplicate))
    fail('a redelivered webhook was not applied');
  if (again.some((r) => r.status !== 200 || !r.body?.duplicate))
    fail('a second redelivery was not recognised as a duplicate');
  const stripeGrants = await adminQuery(
    db.url,
    `select p.provider_payment_id, count(g.id)::int as n from payments p
     left join access_grants g on g.payment_id = p.id and g.kind in ('purchase','renewal')
     where p.provider = 'stripe' group by 1`,
  );
  const wrong = stripeGrants.rows.filter((r) => r.n !== 1);
  console.log(
    `Stripe payments paid during the outage: ${stripeGrants.rows.length}, each with ${wrong.length ? 'NOT ' : ''}exactly one purchase`,
  );
  if (wrong.length) fail(`Stripe payments without exactly one purchase: ${JSON.stringify(wrong)}`);

  console.log('\nload figures (the whole run, outage included):');
  for (const line of stats.report()) console.log(line);
  console.log(
    `${tally.registered} registered, ${tally.paymentsStarted} payments started, ${tally.paid} paid, ${tally.declined} declined, ${tally.twoTabs} two-tab carts`,
  );
  const non503 = [...stats.statuses.entries()].filter(([s]) => s >= 500 && s !== 503);
  if (non503.length) fail(`5xx other than 503: ${JSON.stringify(non503)}`);
  if (during.badShape) fail(`${during.badShape} 5xx answers outside the 503 error shape`);
  if (during.noAnswer)
    fail(`${during.noAnswer} requests without an answer within ${REQUEST_BOUND_MS} ms`);
  if (api.child.exitCode !== null || stripeApi.child.exitCode !== null)
    fail('an API process died in the outage');
  else console.log('both API processes stayed up');
  await stopApi(api);
  await stopApi(stripeApi);
  await stand.stop();
}
