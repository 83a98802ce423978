import { Worker } from 'node:worker_threads';
import {
  messages,
  TransactionAbortedError,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type {
  PgliteWorkerData,
  WireError,
  WireQueryOptions,
  WorkerMemory,
  WorkerReply,
  WorkerRequest,
} from './pglite-worker-protocol.js';

// The built API (api/dist/*.js) starts the compiled worker. From the TypeScript source (jest), the
// worker thread is real Node without jest's transform, so source-worker.mjs first registers a
// loader that compiles .ts files with @swc/core (as jest does), then imports pglite-worker.ts.
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** A request before it gets its id (Omit over each member of the union). */
type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The error of every statement once the worker has stopped: "database away" (503), not a hang. */
function workerStopped(reason: string): Error {
  // SQLSTATE 08006, connection_failure: what a server's lost connection answers
  return Object.assign(new Error(`The PGlite worker thread stopped (${reason})`), {
    code: '08006',
  });
}

/** The error rebuilt on this thread, as PGlite would have thrown it here. */
function fromWire(wire: WireError, options?: QueryOptions): Error {
  let err: Error;
  if (wire.kind === 'transaction_aborted') err = new TransactionAbortedError();
  else if (wire.kind === 'database') {
    err = new messages.DatabaseError(wire.message, Number(wire.fields.length ?? 0), 'error');
  } else {
    err = new Error(wire.message);
    err.name = wire.name;
  }
  Object.assign(err, wire.fields);
  // PGlite attaches the caller's options (with their parsers) to a failed query's error
  if ('query' in wire.fields) Object.assign(err, { queryOptions: options });
  return err;
}

/** What crosses of the caller's options; parsers (functions) are applied here, on the rows. */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, serializers, blob, onNotice, paramTypes, ...rest } = options;
  const unsupported = [
    serializers && 'serializers',
    blob && 'blob',
    onNotice && 'onNotice',
    ...Object.keys(rest),
  ].filter(Boolean);
  if (unsupported.length > 0) {
    throw new Error(
      `PGlite worker client: ${unsupported.join(', ')} not supported (PGLITE_WORKER)`,
    );
  }
  return {
    rowMode,
    paramTypes,
    rawTypes: parsers ? Object.keys(parsers).map(Number) : undefined,
  };
}

/**
 * The caller's parsers applied to the text the worker returned for their types, as PGlite applies
 * them: per column by type id, never to a null.
 */
function applyParsers<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || result.rows.length === 0) return result;
  const byArray = options.rowMode === 'array';
  // in object mode a later column of the same name wins, as in PGlite's rows
  const columns = new Map<
    string | number,
    { type: number; parse: (v: string, t: number) => unknown }
  >();
  result.fields.forEach((field, i) => {
    const key = byArray ? i : field.name;
    const parse = parsers[field.dataTypeID] as ((v: string, t: number) => unknown) | undefined;
    if (parse) columns.set(key, { type: field.dataTypeID, parse });
    else columns.delete(key);
  });
  if (columns.size === 0) return result;
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const [key, { type, parse }] of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, type);
    }
  }
  return result;
}

/**
 * The main thread's PGlite, run in a worker thread: what Drizzle's pglite driver and its migrator
 * call (`query` with row mode and parsers, `exec`, `transaction`, `close`), with PGlite's results
 * and errors. A transaction is opened in the worker and its statements run there inside it; PGlite
 * holds everyone else's until it ends, as on one thread.
 */
export class PgliteWorkerClient {
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private nextId = 1;
  /** Set once the worker is gone (crash, or close): every call rejects with it. */
  private stopped: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly worker: Worker,
    onCrash: (err: Error) => void,
  ) {
    worker.on('message', (m: WorkerReply) => {
      if ('ready' in m) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      this.idle();
      if (m.ok) p.resolve(m.value);
      else p.reject(fromWire(m.error));
    });
    // an uncaught error in the worker ends it; 'exit' follows (after close() it is expected)
    const crashed = (reason: string) => {
      if (this.stopped) return;
      this.stop(workerStopped(reason));
      onCrash(this.stopped!);
    };
    worker.on('error', (err) => crashed(err.message));
    worker.on('exit', (code) => crashed(`exit code ${code}`));
    // the worker keeps the process alive only while a statement is on its way, as PGlite on the
    // main thread would (a forgotten client must not hold a script or a test run open)
    worker.unref();
  }

  /**
   * Starts the worker on `dataDir` and waits until PGlite is open there (or fails to open).
   * `onCrash` hears of a worker that stopped without close() (every statement then fails, 503).
   */
  static async create(
    dataDir: string,
    onCrash: (err: Error) => void = () => undefined,
  ): Promise<PgliteWorkerClient> {
    const workerData: PgliteWorkerData = { dataDir };
    const worker = FROM_SOURCE
      ? new Worker(new URL('./source-worker.mjs', import.meta.url), {
          workerData: {
            ...workerData,
            sourceEntry: new URL('./pglite-worker.ts', import.meta.url).href,
          },
        })
      : new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.on('message', (m: WorkerReply) => {
          if (!('ready' in m)) return;
          if (m.ready) resolve();
          else reject(fromWire(m.error));
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(workerStopped(`exit code ${code} while opening`)));
      });
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return new PgliteWorkerClient(worker, onCrash);
  }

  private call(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      try {
        this.worker.postMessage({ ...request, id });
      } catch (err) {
        // a parameter that does not clone (a function): this statement fails, nothing waits
        this.pending.delete(id);
        this.idle();
        reject(err as Error);
      }
    });
  }

  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private stop(err: Error): void {
    this.stopped ??= err;
    for (const p of this.pending.values()) p.reject(this.stopped);
    this.pending.clear();
  }

  private async runQuery<T>(
    tx: number | undefined,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const wire = wireOptions(options);
    const result = (await this.call({
      op: 'query',
      tx,
      text,
      params: params ?? [],
      options: wire,
    }).catch((err: Error) => {
      if ('query' in err) Object.assign(err, { queryOptions: options });
      throw err;
    })) as Results<T>;
    return applyParsers(result, options);
  }

  private async runExec(
    tx: number | undefined,
    text: string,
    options: QueryOptions | undefined,
  ): Promise<Results[]> {
    const results = (await this.call({
      op: 'exec',
      tx,
      text,
      options: wireOptions(options),
    })) as Results[];
    return results.map((r) => applyParsers(r, options));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery(undefined, text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(undefined, text, options);
  }

  /**
   * Runs `fn` in a transaction opened in the worker: commits when it resolves, rolls back when it
   * throws (or called `tx.rollback()`), as PGlite's own `transaction` does.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.runQuery<R>(id, text, params, options);
      },
      exec: (text: string, options?: QueryOptions) => {
        check();
        return this.runExec(id, text, options);
      },
      async sql(): Promise<never> {
        throw new Error('PGlite worker client: tx.sql is not supported, use tx.query');
      },
      async listen(): Promise<never> {
        throw new Error('PGlite worker client: listen is not supported');
      },
      rollback: async () => {
        check();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } satisfies Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** The worker's memory (for the benchmarks). */
  memory(): Promise<WorkerMemory> {
    return this.call({ op: 'memory' }) as Promise<WorkerMemory>;
  }

  /** Closes PGlite (its data synced to disk) and ends the worker; later calls fail as on PGlite. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (!this.stopped) await this.call({ op: 'close' });
      } finally {
        this.stop(new Error('PGlite is closed'));
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }
}
