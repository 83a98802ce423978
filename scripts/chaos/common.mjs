// What the three faults of `npm run chaos` share: the run's options, the bounds, the failures
// found so far, and the buyers, catalogue and Stripe stand-in they drive.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root } from '../lib.mjs';
import { Client, freePort } from '../reliability/lib.mjs';

export const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '40' },
    'outage-seconds': { type: 'string', default: '8' },
    'no-build': { type: 'boolean', default: false },
  },
});
// CHAOS_FAULTS=3 (or 1,3) runs only those faults; all three by default (an environment variable:
// load.mjs, imported here, refuses options it does not know)
export const faults = new Set(
  (process.env.CHAOS_FAULTS ?? '1,2,3').split(',').map((f) => f.trim()),
);
export const users = Math.min(500, Math.max(1, Number(args.users)));
export const seconds = Math.min(300, Math.max(20, Number(args.seconds)));
export const outageSeconds = Math.min(60, Math.max(2, Number(args['outage-seconds'])));
export const serverUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const require = createRequire(join(root, 'api/package.json'));
export const Stripe = require('stripe');

// bounded waits: a request never waits more than ~3 s for a connection, a statement 10 s
export const FAULT_ENV = { DB_CONNECT_TIMEOUT_MS: '3000', DB_STATEMENT_TIMEOUT_MS: '10000' };
export const REQUEST_BOUND_MS = 15_000;
export const WEBHOOK_SECRET = 'whsec_chaos_run';
export const failures = [];
export const fail = (msg) => {
  failures.push(msg);
  console.log(`  FAIL: ${msg}`);
};

/** The tests' Stripe stand-in (TypeScript), compiled with swc into a temp module. */
export async function stripeStandIn() {
  const swc = require('@swc/core');
  const { code } = swc.transformFileSync(join(root, 'api/test/support/stripe-stand-in.ts'), {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'circo-chaos-'));
  const file = join(dir, 'stripe-stand-in.mjs');
  writeFileSync(file, code);
  const { StripeStandIn } = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return new StripeStandIn().start(await freePort());
}

export async function newBuyer(baseUrl, stats, tag) {
  const c = new Client(baseUrl, stats, { timeoutMs: REQUEST_BOUND_MS });
  const email = `chaos-${tag}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Carpa-2026-chaos';
  const reg = await c.call('register', 'POST', '/api/users', {
    name: 'Caos',
    surname: tag,
    email,
    password,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const login = await c.call('login', 'POST', '/api/auth/login', { email, password });
  c.token = login.json.token;
  return c;
}

export async function catalogue(baseUrl, stats) {
  const c = new Client(baseUrl, stats);
  const { json } = await c.call('browse', 'GET', '/api/courses/visible?lang=es');
  return json.map((x) => ({ id: x._id, type: 'course' }));
}
