// Loopback-only addresses, small helpers, and a throw-away PostgreSQL database for a run.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';

const require = createRequire(join(root, 'api/package.json'));
const pg = require('pg');

export const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Refuses any address that is not this machine: the load never leaves it. */
export function assertLoopback(url, what) {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) {
    throw new Error(`${what} must be a loopback address (127.0.0.1), got ${host}`);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---------------------------------------------------------------------------------------------
// database

/** Creates `circo_load_<hex>` on the server of `serverUrl`. */
export async function createDatabase(serverUrl, prefix = 'circo_load') {
  assertLoopback(serverUrl, 'the PostgreSQL server');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function adminQuery(serverUrl, text, params = []) {
  const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}
