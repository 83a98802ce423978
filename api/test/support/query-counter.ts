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
  wrapQueries(client, true);
  for (const name of ['transaction', 'connect']) {
    const original = client[name];
    if (typeof original !== 'function') continue;
    client[name] = function (this: unknown, ...args: unknown[]) {
      if (name === 'transaction') {
        const fn = args[0] as (tx: Client) => unknown;
        return (original as (...a: unknown[]) => unknown).call(this, (tx: Client) => {
          wrapQueries(tx, true);
          return fn(tx);
        });
      }
      const lent = (original as (...a: unknown[]) => unknown).apply(this, args);
      return (lent as Promise<Client>).then((c) => {
        wrapQueries(c, false);
        return c;
      });
    };
    restore.push(() => (client[name] = original));
  }
  return {
    statements,
    stop: () => restore.reverse().forEach((r) => r()),
  };
}
