// Fault 3 of `npm run chaos`: the API is killed before the jobs of committed purchases run.
import { loadEnv } from '../load.mjs';
import { smtpStandIn } from '../reliability/smtp-stand-in.mjs';
import {
  CARDS,
  Stats,
  adminQuery,
  freePort,
  newTally,
  runLoad,
  sleep,
  startApi,
  stopApi,
} from '../reliability/lib.mjs';

import { FAULT_ENV, catalogue, fail, newBuyer } from './common.mjs';

export async function jobsAfterKill(db) {
  const buyers = 30;
  const smtpDownMs = 20_000;
  console.log(
    `\n=== 3. SIGKILL after ${buyers} purchases commit, before their receipts and refunds run; ` +
      `restart with the SMTP server down for ${smtpDownMs / 1000} s under load`,
  );
  const since = (await adminQuery(db.url, 'select now() as t')).rows[0].t;
  const smtp = await smtpStandIn();
  const mailEnv = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Circo <c@circo.test>' };
  const stats = new Stats();
  const port = await freePort();
  // this instance writes jobs and runs none: the window between commit and send, held open
  let api = await startApi({
    port,
    env: loadEnv(db.url, { ...FAULT_ENV, ...mailEnv, JOBS_WORKER: 'false' }),
    name: 'api (no job worker)',
  });
  const courses = await catalogue(api.url, stats);
  const pay = (c, intentId) =>
    c.call('pay', 'POST', '/api/stripe/local/confirm', {
      paymentIntentId: intentId,
      cardNumber: CARDS.ok,
      expiry: '12/40',
      cvc: '123',
    });
  const paying = [];
  for (let i = 0; i < buyers; i++) {
    const c = await newBuyer(api.url, stats, `jobs${i}`);
    const x = courses[(i * 5) % courses.length];
    const y = courses[(i * 5 + 2) % courses.length];
    // every third buyer pays x + y in one tab and x in another at once: one of them is refunded
    const carts = i % 3 === 0 ? [[x, y], [x]] : [[x, y]];
    const intents = [];
    for (const items of carts) {
      const started = await c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', {
        items,
      });
      if (started.status !== 201) throw new Error(`checkout: ${started.status}`);
      intents.push(started.json.paymentIntentId);
    }
    paying.push(...intents.map((id) => pay(c, id)));
  }
  const paid = (await Promise.all(paying)).filter((r) => r.json?.status === 'succeeded').length;
  const pendingAtKill = (
    await adminQuery(
      db.url,
      `select kind, count(*)::int as n from jobs where created_at >= $1 and status = 'pending'
       and kind in ('receipt.send', 'payment.refund-unneeded') group by 1 order by 1`,
      [since],
    )
  ).rows;
  api.child.kill('SIGKILL');
  await api.exited;
  console.log(
    `killed after ${paid} payments committed; jobs waiting then: ${pendingAtKill.map((r) => `${r.kind} ${r.n}`).join(', ') || 'none'}`,
  );

  // the restart, with the mail server away for a while and users buying meanwhile
  smtp.down = true;
  api = await startApi({ port, env: loadEnv(db.url, { ...FAULT_ENV, ...mailEnv }), name: 'api' });
  const restarted = Date.now();
  const load = runLoad({ baseUrls: [api.url], users: 30, seconds: 25, stats, tally: newTally() });
  await sleep(Math.max(0, smtpDownMs - (Date.now() - restarted)));
  smtp.down = false;
  console.log(`SMTP back after ${Date.now() - restarted} ms: ${smtp.refused} connections refused`);
  await load;
  const deadline = Date.now() + 180_000;
  let open = [];
  while (Date.now() < deadline) {
    open = (
      await adminQuery(
        db.url,
        `select status, count(*)::int as n from jobs where created_at >= $1
         and kind in ('receipt.send', 'payment.refund-unneeded') and status in ('pending', 'running', 'dead')
         group by 1`,
        [since],
      )
    ).rows;
    if (!open.some((r) => r.status !== 'dead')) break;
    await sleep(1000);
  }
  console.log(
    `jobs left once settled: ${open.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`,
  );

  // receipts: one per payment that granted something, each sent once (its Message-ID)
  const expectedReceipts = (
    await adminQuery(
      db.url,
      `select p.id from payments p where p.created_at >= $1 and exists (
         select 1 from access_grants g where g.payment_id = p.id and g.kind in ('purchase','renewal'))`,
      [since],
    )
  ).rows.map((r) => r.id);
  const sent = new Map();
  for (const m of smtp.mails) sent.set(m.messageId, (sent.get(m.messageId) ?? 0) + 1);
  const receiptCount = (id) => sent.get(`<receipt_${id}@circo.mail>`) ?? 0;
  const receiptsLost = expectedReceipts.filter((id) => receiptCount(id) === 0).length;
  const receiptsTwice = expectedReceipts.filter((id) => receiptCount(id) > 1).length;
  const mailsTwice = [...sent.values()].filter((n) => n > 1).length;
  const retried = (
    await adminQuery(
      db.url,
      `select count(*)::int as n, coalesce(max(attempts), 0)::int as most from jobs
       where created_at >= $1 and kind = 'receipt.send' and attempts > 1`,
      [since],
    )
  ).rows[0];
  console.log(
    `receipts: ${expectedReceipts.length} payments granted items, ${expectedReceipts.length - receiptsLost - receiptsTwice} receipts sent once, ` +
      `${receiptsLost} lost, ${receiptsTwice} twice (${smtp.mails.length} mails accepted in all, ${mailsTwice} Message-IDs twice; ` +
      `${retried.n} receipts needed more than one attempt, at most ${retried.most})`,
  );

  // refunds: every payment that paid for items owned by then gets back exactly their price
  const refunds = (
    await adminQuery(
      db.url,
      `select p.id, p.amount_cents,
         (select coalesce(sum(i.price_cents), 0)::int from payment_items i where i.payment_id = p.id
            and not exists (select 1 from access_grants g where g.payment_id = p.id
              and g.item_type = i.item_type and g.item_id = i.item_id and g.kind in ('purchase','renewal')))
           as owed,
         coalesce((o.metadata->>'refunded_cents')::int, 0) as refunded,
         cardinality(array_remove(string_to_array(coalesce(o.metadata->>'refund_keys', ''), ' '), '')) as keys
       from payments p
       join local_provider_objects o on o.id = coalesce(p.provider_intent_id, p.provider_payment_id)
       where p.created_at >= $1 and p.fulfilled_at is not null`,
      [since],
    )
  ).rows;
  const owed = refunds.filter((r) => r.owed > 0);
  const refundsLost = owed.filter((r) => r.refunded === 0).length;
  const refundsTwice = refunds.filter((r) => r.refunded > r.owed || r.keys > 1).length;
  const refundsWrong = owed.filter((r) => r.refunded > 0 && r.refunded !== r.owed).length;
  console.log(
    `refunds: ${owed.length} payments paid for items already owned, ${owed.length - refundsLost - refundsTwice - refundsWrong} refunded once, ` +
      `${refundsLost} lost, ${refundsTwice} twice${refundsWrong ? `, ${refundsWrong} with another amount` : ''}`,
  );
  if (expectedReceipts.length === 0) fail('no receipt was expected: the fault tested nothing');
  if (owed.length === 0) fail('no refund was expected: the fault tested nothing');
  if (receiptsLost || receiptsTwice)
    fail(`receipts: ${receiptsLost} lost, ${receiptsTwice} sent twice`);
  if (refundsLost || refundsTwice || refundsWrong)
    fail(`refunds: ${refundsLost} lost, ${refundsTwice} twice, ${refundsWrong} wrong amount`);
  if (open.length) fail(`jobs not done: ${JSON.stringify(open)}`);
  const other5xx = stats.count5xx() - (stats.statuses.get(503) ?? 0);
  if (other5xx) fail(`${other5xx} answers 5xx other than 503 around the kill`);
  await stopApi(api);
  await smtp.stop();
}
