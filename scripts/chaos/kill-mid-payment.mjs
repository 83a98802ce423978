// Fault 2 of `npm run chaos`: the API is killed while payments (carts and memberships' first
// periods) are being paid.
import { loadEnv } from '../load.mjs';
import {
  CARDS,
  Client,
  Stats,
  adminQuery,
  freePort,
  sleep,
  startApi,
  stopApi,
} from '../reliability/lib.mjs';

import { FAULT_ENV, catalogue, fail, newBuyer } from './common.mjs';

export async function killMidPayment(db) {
  const buyers = 40;
  console.log(`\n=== 2. SIGKILL of the API while ${buyers} buyers pay, then a restart`);
  const stats = new Stats();
  const port = await freePort();
  let api = await startApi({ port, env: loadEnv(db.url, FAULT_ENV), name: 'api' });
  const courses = await catalogue(api.url, stats);
  const plans = (await new Client(api.url, stats).call('browse', 'GET', '/api/plans?lang=es')).json;
  const people = [];
  for (let i = 0; i < buyers; i++) {
    const c = await newBuyer(api.url, stats, `kill${i}`);
    // 1 in 4 starts a membership: its first period is paid as a cart is
    const started =
      i % 4 === 3 && plans.length
        ? await c.call('subscribe', 'POST', '/api/subscriptions', {
            planId: plans[i % plans.length]._id,
          })
        : await c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', {
            items: [
              courses[(i * 7) % courses.length],
              courses[(i * 7 + 3) % courses.length],
            ].filter((x, j, all) => all.findIndex((y) => y.id === x.id) === j),
          });
    people.push({ c, intentId: started.json.paymentIntentId });
  }
  // every buyer pays at once; the process is killed while those payments are under way
  const paying = people.map((p) =>
    p.c.call('pay', 'POST', '/api/stripe/local/confirm', {
      paymentIntentId: p.intentId,
      cardNumber: CARDS.ok,
      expiry: '12/40',
      cvc: '123',
    }),
  );
  // killed as soon as the first payment is answered: the others are somewhere in between
  await Promise.race([...paying, sleep(3000)]);
  api.child.kill('SIGKILL');
  const answers = await Promise.all(paying);
  await api.exited;
  const answered = answers.filter((a) => a.status === 200).length;
  const [{ charged, unregistered }] = (
    await adminQuery(
      db.url,
      `select count(*) filter (where o.status = 'succeeded')::int as charged,
              count(*) filter (where o.status = 'succeeded' and p.fulfilled_at is null)::int as unregistered
       from local_provider_objects o join payments p on p.provider_payment_id = o.id
       where o.id = any($1)`,
      [people.map((p) => p.intentId)],
    )
  ).rows;
  console.log(
    `killed: ${answered} of ${buyers} pay calls answered before it; ${charged} cards charged, ${unregistered} of them not registered yet`,
  );

  api = await startApi({ port, env: loadEnv(db.url, FAULT_ENV), name: 'api (restarted)' });
  // the reconciler at start registers what was charged; then each buyer's success page confirms,
  // and the buyers whose card was not charged pay again
  await sleep(1500);
  let repaid = 0;
  for (const p of people) {
    const r = await p.c.call('confirm', 'POST', '/api/stripe/confirmar-compra-payment-intent', {
      paymentIntentId: p.intentId,
    });
    if (!r.json?.success) {
      const again = await p.c.call('pay', 'POST', '/api/stripe/local/confirm', {
        paymentIntentId: p.intentId,
        cardNumber: CARDS.ok,
        expiry: '12/40',
        cvc: '123',
      });
      if (again.json?.status === 'succeeded') repaid++;
    }
  }
  const [{ registered }] = (
    await adminQuery(
      db.url,
      `select count(distinct p.id)::int as registered from payments p
       where p.provider_payment_id = any($1)
         and (exists (select 1 from access_grants g where g.payment_id = p.id)
           or exists (select 1 from subscription_periods sp where sp.payment_id = p.id))`,
      [people.map((p) => p.intentId)],
    )
  ).rows;
  console.log(
    `after the restart: ${registered} of ${buyers} payments registered (${repaid} paid again by buyers whose card was not charged)`,
  );
  if (registered !== buyers)
    fail(`${buyers - registered} payments not registered after the restart`);
  const other5xx = stats.count5xx() - (stats.statuses.get(503) ?? 0);
  if (other5xx) fail(`${other5xx} answers 5xx other than 503 around the kill`);
  await stopApi(api);
}
