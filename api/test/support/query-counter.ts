import type { Database } from '../../src/database/database.js';

/**
 * Counts the calls that reach the database driver under Drizzle (PGlite's query/exec/transaction,
 * node-postgres Pool's query/connect), to prove that an answer needed no query. `stop()` restores
 * the driver.
 */
export function countQueries(db: Database): { readonly count: number; stop(): void } {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const restore: Array<() => void> = [];
  let count = 0;
  for (const name of ['query', 'exec', 'transaction', 'connect']) {
    const original = client[name];
    if (typeof original !== 'function') continue;
    client[name] = function counted(this: unknown, ...args: unknown[]) {
      count++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    restore.push(() => {
      client[name] = original;
    });
  }
  return {
    get count() {
      return count;
    },
    stop: () => restore.forEach((r) => r()),
  };
}

type Client = Record<string, unknown>;
const textOf = (arg: unknown): string =>
  typeof arg === 'string' ? arg : String((arg as { text?: unknown } | null)?.text ?? '');

/**
 * Records the SQL text of every statement the app sends, on either driver: PGlite's
 * query/exec (in and out of its transactions) and node-postgres's pool queries and the clients
 * it lends for transactions. `stop()` restores the driver. For tests that count the statements
 * of one request ("one account read per signed-in request").
 */
export function recordStatements(db: Database): { readonly statements: string[]; stop(): void } {
  const client = (db as unknown as { $client: Client }).$client;
  const statements: string[] = [];
  const restore: Array<() => void> = [];
  const wrapQueries = (target: Client, keep: boolean) => {
    for (const name of ['query', 'exec']) {
      const original = target[name];
      if (typeof original !== 'function' || (original as { recorded?: boolean }).recorded) continue;
      const recorded = function (this: unknown, ...args: unknown[]) {
        statements.push(textOf(args[0]));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
      (recorded as { recorded?: boolean }).recorded = true;
      target[name] = recorded;
      if (keep) restore.push(() => (target[name] = original));
      else restore.push(() => delete target[name]); // a pooled client: back to its prototype's
    }
  };
  if (typeof client.connect === 'function') {
    // node-postgres: every statement (pool.query too) runs on a client the pool lends
    const lend = client.connect as (cb?: (...a: unknown[]) => void) => unknown;
    client.connect = function (this: unknown, cb?: (...a: unknown[]) => void) {
      if (cb) {
        return lend.call(this, (err: unknown, lent: unknown, ...rest: unknown[]) => {
          if (lent) wrapQueries(lent as Client, false);
          cb(err, lent, ...rest);
        });
      }
      return (lend.call(this) as Promise<Client>).then((lent) => {
        wrapQueries(lent, false);
        return lent;
      });
    };
    restore.push(() => (client.connect = lend));
  } else {
    // PGlite: its own query/exec, and those of the transactions it opens
    wrapQueries(client, true);
    const open = client.transaction as (fn: (tx: Client) => unknown) => unknown;
    client.transaction = function (this: unknown, fn: (tx: Client) => unknown) {
      return open.call(this, (tx: Client) => {
        wrapQueries(tx, true);
        return fn(tx);
      });
    };
    restore.push(() => (client.transaction = open));
  }
  return {
    statements,
    stop: () => restore.reverse().forEach((r) => r()),
  };
}
