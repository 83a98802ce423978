import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { eq, getTableColumns, getViewSelectedFields, is, sql, type SQL } from 'drizzle-orm';
import {
  PgView,
  type PgColumn,
  type PgPreparedQuery,
  type PgTable,
  type PreparedQueryConfig,
} from 'drizzle-orm/pg-core';
import { DB, type Database, type Transaction } from './database.js';

// Why not @nestjs-cls/transactional: it (and nestjs-cls 6, which it requires) is CommonJS and
// `require`s @nestjs/common, which is ESM-only since Nest 12. Node 20.19 allows that, but jest on
// Node 20 does not (require(esm) needs Node 24.9 in jest), so no test could load the app. The
// mechanism is small: the open transaction lives in AsyncLocalStorage, as nestjs-cls keeps it.
interface OpenTransaction {
  db: Database;
  tx: Transaction;
  /** In-process nudges to run once the outermost transaction has committed (see afterCommit). */
  afterCommit: Array<() => unknown>;
}
const current = new AsyncLocalStorage<OpenTransaction>();

/**
 * The unit of work: `run(fn)` runs `fn` in one transaction, and every repository that reads
 * `host.tx` while it runs (in any module, however deep) uses that transaction. A `run` inside a
 * `run` joins the outer transaction. Outside any `run`, `tx` is the database itself.
 */
@Injectable()
export class TransactionHost {
  constructor(@Inject(DB) private readonly root: Database) {}

  /** The open transaction of this unit of work, or the database. */
  get tx(): Database {
    const open = current.getStore();
    // several apps may share a process (tests): only this database's transaction counts
    return open && open.db === this.root ? (open.tx as unknown as Database) : this.root;
  }

  /** Whether a transaction of this database is open in this unit of work. */
  get inTransaction(): boolean {
    return current.getStore()?.db === this.root;
  }

  /**
   * Runs the reads side by side on the pool's connections, or one after the other inside a
   * transaction: its one connection answers one statement at a time (node-postgres queues the
   * others, with a deprecation warning; its next major refuses them).
   */
  async all<T extends readonly unknown[] | []>(reads: {
    readonly [K in keyof T]: () => Promise<T[K]>;
  }): Promise<T> {
    if (!this.inTransaction)
      return (await Promise.all(reads.map((read) => read()))) as unknown as T;
    const answers: unknown[] = [];
    for (const read of reads) answers.push(await read());
    return answers as unknown as T;
  }

  /** Runs `fn` in a transaction (or in the one already open); rolls back when it throws. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const open = current.getStore();
    if (open && open.db === this.root) return fn();
    const afterCommit: OpenTransaction['afterCommit'] = [];
    const result = await this.root.transaction((tx) =>
      current.run({ db: this.root, tx, afterCommit }, fn),
    );
    // outside the finished transaction: what they read sees what it wrote
    await current.exit(async () => {
      for (const task of afterCommit) await task();
    });
    return result;
  }

  /**
   * Runs `task` in this process once the open transaction commits (never if it rolls back), or now
   * when none is open. Lost if the process dies in between: work that must happen (a receipt, a
   * refund, an e-mail, removing files) is a durable job instead (`JobsService.enqueue`, written in
   * the transaction); this is for nudges that lose nothing when skipped (waking the job worker).
   */
  async afterCommit(task: () => unknown): Promise<void> {
    const open = current.getStore();
    if (open && open.db === this.root) open.afterCommit.push(task);
    else await task();
  }
}

/**
 * Base of every repository: `this.db` is the current transaction when one is open, else the
 * database. Only a repository touches its module's tables.
 */
@Injectable()
export abstract class Repository {
  constructor(readonly host: TransactionHost) {}

  protected get db(): Database {
    return this.host.tx;
  }

  /** The first row of `table` that `where` matches, if any. */
  protected async firstWhere<T extends PgTable>(
    table: T,
    where: SQL | undefined,
  ): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db
      .select()
      .from(table as PgTable)
      .where(where)
      .limit(1);
    return row as T['$inferSelect'] | undefined;
  }
}

/** How a repository's hot reads are built: one function per read, given the database to build it on. */
export type ReadBuilders<Reads> = { [K in keyof Reads]: (db: Database) => Reads[K] };

/** The reads `ReadBuilders` build. */
export type BuiltReads<Builders> = {
  [K in keyof Builders]: Builders[K] extends (db: Database) => infer Read ? Read : never;
};

/**
 * A repository with hot reads built once and prepared on the database (Drizzle then no longer
 * rebuilds their SQL per call). Inside a transaction a read is built on it when first used there:
 * a transaction uses one or two of them.
 */
export abstract class PreparedReadsRepository<Reads extends object> extends Repository {
  private readonly root: Database;
  /** the reads prepared on the database */
  protected readonly reads: Reads;
  private readonly inTransactions = new WeakMap<Database, Reads>();

  constructor(
    host: TransactionHost,
    private readonly builders: ReadBuilders<Reads>,
  ) {
    super(host);
    this.root = host.tx;
    const reads = {} as Reads;
    for (const key of Object.keys(builders) as Array<keyof Reads>) {
      reads[key] = builders[key](this.root);
    }
    this.reads = reads;
  }

  /** The hot reads on the open transaction, or the prepared ones on the database. */
  protected get prepared(): Reads {
    const db = this.db;
    if (db === this.root) return this.reads;
    let reads = this.inTransactions.get(db);
    if (!reads) {
      reads = this.builtOnUse(db);
      this.inTransactions.set(db, reads);
    }
    return reads;
  }

  private builtOnUse(db: Database): Reads {
    const reads = {} as Reads;
    for (const key of Object.keys(this.builders) as Array<keyof Reads>) {
      let read: Reads[typeof key] | undefined;
      Object.defineProperty(reads, key, {
        enumerable: true,
        get: () => (read ??= this.builders[key](db)),
      });
    }
    return reads;
  }
}

/** A prepared read answering rows of the table or view `From`. */
type PreparedRows<From extends PgTable | PgView> = PgPreparedQuery<
  PreparedQueryConfig & { execute: Array<From['$inferSelect']> }
>;

/**
 * For a PreparedReadsRepository's builders: every row of `from` whose column `key` is the
 * placeholder of that name, in `order` (a user's rows, a payment's items), prepared as `name`.
 */
export function preparedRowsBy<From extends PgTable | PgView>(
  db: Database,
  name: string,
  from: From,
  key: keyof From['$inferSelect'] & string,
  order: Array<PgColumn | SQL>,
): PreparedRows<From> {
  const columns = is(from, PgView) ? getViewSelectedFields(from) : getTableColumns(from as PgTable);
  return db
    .select()
    .from(from as PgTable)
    .where(eq(columns[key] as PgColumn, sql.placeholder(key)))
    .orderBy(...order)
    .prepare(name) as PreparedRows<From>;
}

/** The TransactionHost a service can reach: its own, or the one of a repository it holds. */
function hostOf(target: object): TransactionHost | undefined {
  for (const value of Object.values(target)) {
    if (value instanceof TransactionHost) return value;
    if (value instanceof Repository) return value.host;
  }
  return undefined;
}

/**
 * Marks a service method as one transaction: everything it writes, through any module's
 * repositories, commits together or not at all. The service must hold a TransactionHost or one of
 * its own repositories (the usual case), through which the transaction is opened.
 */
export function Transactional(): MethodDecorator {
  return (_target, key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = function (this: object, ...args: unknown[]) {
      const host = hostOf(this);
      if (!host) {
        throw new Error(
          `@Transactional ${String(key)}: ${this.constructor.name} holds no TransactionHost or repository`,
        );
      }
      return host.run(() => method.apply(this, args));
    };
    return descriptor;
  };
}
