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
