// `npm run chaos`: faults in the middle of the load, on the built app over PostgreSQL (a database
// made for the run and dropped after it). Loopback only. See docs/reliability.md.
//  1. The database goes away for a while in the middle of the load (its connections killed with
//     pg_terminate_backend, new ones refused): the API stays up, /api/health says 503 and then 200
//     unaided, every answer meanwhile is a 2xx/4xx or the 503 error shape, none hangs; Stripe
//     webhooks sent during the outage are answered 503, redelivered and applied once.
//  2. The API is killed (SIGKILL) while payments are being paid, then started again: no card the
//     provider charged is left without its purchase.
//  3. The API is killed (SIGKILL) right after purchases commit and before their receipts and
//     refunds run (that instance runs no jobs: JOBS_WORKER=false), then started again while the
//     SMTP server refuses every connection for 20 s under load: every receipt is sent exactly
//     once (counted by Message-ID at the SMTP stand-in) and every payment for items already owned
//     is refunded exactly once (at the local provider), none lost, none twice.
// Memberships start during faults 1 and 2 and renew each minute; the final check runs with an
// API started again, whose clock renews what came due while none ran: none lost, none twice.
// Exit 1 when any of it fails.
import { buildAll, ensureDeps } from './lib.mjs';
import { loadEnv } from './load.mjs';
import {
  adminQuery,
  checkPurchases,
  createDatabase,
  freePort,
  printPurchaseCheck,
  startApi,
  stopApi,
} from './reliability/lib.mjs';
import { FAULT_ENV, args, fail, failures, faults, serverUrl } from './chaos/common.mjs';
import { databaseOutage } from './chaos/database-outage.mjs';
import { jobsAfterKill } from './chaos/jobs-after-kill.mjs';
import { killMidPayment } from './chaos/kill-mid-payment.mjs';

async function main() {
  if (!args['no-build']) {
    ensureDeps();
    buildAll();
  }
  const db = await createDatabase(serverUrl, 'circo_chaos');
  console.log(`database ${db.name} created`);
  try {
    if (faults.has('1')) await databaseOutage(db);
    if (faults.has('2')) await killMidPayment(db);
    if (faults.has('3')) await jobsAfterKill(db);
    console.log('\n=== purchases in the database after the three faults');
    // an instance runs again: the memberships that came due while none ran renew now
    const api = await startApi({
      port: await freePort(),
      env: loadEnv(db.url, FAULT_ENV),
      name: 'api (after the faults)',
    });
    try {
      if (!printPurchaseCheck(await checkPurchases(db.url))) fail('purchase check');
    } finally {
      await stopApi(api);
    }
  } catch (err) {
    console.error(err);
    failures.push(err.message);
  } finally {
    await adminQuery(serverUrl, `alter database ${db.name} allow_connections true`).catch(
      () => undefined,
    );
    await db.drop();
    console.log(`database ${db.name} dropped`);
  }
  console.log(failures.length ? `CHAOS: FAILED (${failures.length})` : 'CHAOS: OK');
  process.exit(failures.length ? 1 : 0);
}

await main();
