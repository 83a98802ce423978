// The PGlite worker thread (started by PgliteWorkerClient): the API's PGlite runs here so that a
// slow query (an uncached search) runs beside the main thread's event loop instead of blocking it.
// It answers the client's requests in the order they come; PGlite's own locks do the rest: a
// statement outside an open transaction waits until that transaction ends, as on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import {
  messages,
  TransactionAbortedError,
  type PGlite,
  type QueryOptions,
  type Transaction,
} from '@electric-sql/pglite';
import { createPglite } from './pglite-options.js';
import type {
  PgliteWorkerData,
  WireError,
  WireQueryOptions,
  WorkerReply,
  WorkerRequest,
} from './pglite-worker-protocol.js';

const port = parentPort!;
const { dataDir } = workerData as PgliteWorkerData;
const send = (reply: WorkerReply) => port.postMessage(reply);

/** An error as plain data: its own fields that clone (not `queryOptions`, which holds functions). */
function toWire(err: unknown): WireError {
  if (!(err instanceof Error))
    return { kind: 'error', name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    if (key === 'params' || value === null || typeof value !== 'object') fields[key] = value;
  }
  const kind =
    err instanceof TransactionAbortedError
      ? 'transaction_aborted'
      : err instanceof messages.DatabaseError
        ? 'database'
        : 'error';
  return { kind, name: err.name, message: err.message, fields };
}

const identity = (value: unknown) => value;

/** PGlite's options for a request: the types the caller parses come back as text. */
function queryOptions(options: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, paramTypes, rawTypes } = options;
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(paramTypes ? { paramTypes } : {}),
    ...(rawTypes?.length
      ? { parsers: Object.fromEntries(rawTypes.map((type) => [type, identity])) }
      : {}),
  };
}

/** The results as they cross (PGlite's Results hold nothing that does not clone). */
const plain = ({ rows, fields, affectedRows }: Awaited<ReturnType<PGlite['query']>>) => ({
  rows,
  fields,
  affectedRows,
});

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback in this thread: commit (true) or roll back. */
  finish(commit: boolean): void;
  /** The `end` request to answer once PGlite has committed or rolled back. */
  endId?: number;
}
const open = new Map<number, OpenTransaction>();

/**
 * Opens a PGlite transaction and keeps it open until the client's `end`: PGlite holds every
 * other statement meanwhile. Answers the `begin` once BEGIN ran, the `end` once COMMIT (or
 * ROLLBACK) did, with COMMIT's error if it failed (a transaction aborted by an earlier error).
 */
function begin(pg: PGlite, id: number): void {
  let opened = false;
  let entry: OpenTransaction | undefined;
  pg.transaction(async (tx) => {
    const commit = await new Promise<boolean>((finish) => {
      entry = { tx, finish };
      open.set(id, entry);
      opened = true;
      send({ id, ok: true, value: id });
    });
    if (!commit && !tx.closed) await tx.rollback();
  }).then(
    () => {
      open.delete(id);
      send({ id: entry!.endId!, ok: true, value: null });
    },
    (err: unknown) => {
      open.delete(id);
      send({ id: opened ? entry!.endId! : id, ok: false, error: toWire(err) });
    },
  );
}

/** The transaction (or the database) a statement runs on. */
function target(pg: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pg;
  const entry = open.get(tx);
  if (!entry) throw new Error('Transaction is closed');
  return entry.tx;
}

async function handle(pg: PGlite, m: WorkerRequest): Promise<unknown> {
  switch (m.op) {
    case 'query':
      return plain(await target(pg, m.tx).query(m.text, m.params, queryOptions(m.options)));
    case 'exec':
      return (await target(pg, m.tx).exec(m.text, queryOptions(m.options))).map(plain);
    case 'begin':
      begin(pg, m.id);
      return undefined;
    case 'end': {
      const entry = open.get(m.tx);
      if (!entry) throw new Error('Transaction is closed');
      entry.endId = m.id;
      entry.finish(m.commit);
      return undefined;
    }
    case 'memory': {
      const { heapUsed, external } = process.memoryUsage();
      const mod = (pg as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
      return { heapUsed, external, wasm: mod?.HEAPU8?.byteLength ?? NaN };
    }
    case 'close':
      await pg.close();
      return null;
  }
}

let pg: PGlite;
try {
  pg = await createPglite(dataDir);
} catch (err) {
  send({ id: 0, ready: false, error: toWire(err) });
  throw err;
}
port.on('message', (m: WorkerRequest) => {
  handle(pg, m).then(
    // begin and end answer when the transaction is open, or over
    (value) => m.op !== 'begin' && m.op !== 'end' && send({ id: m.id, ok: true, value }),
    (err: unknown) => send({ id: m.id, ok: false, error: toWire(err) }),
  );
});
send({ id: 0, ready: true });
