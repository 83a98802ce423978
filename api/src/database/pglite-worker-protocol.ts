// The messages between the main thread's PgliteWorkerClient and the PGlite worker thread. Only
// values that survive structured cloning cross: functions (parsers) stay on the main thread.
import type { RowMode } from '@electric-sql/pglite';

export interface PgliteWorkerData {
  dataDir: string;
}

/** Query options as they cross: the caller's parsers stay behind, their type ids come along. */
export interface WireQueryOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  /** Types the caller parses itself: the worker returns their text as PostgreSQL sent it. */
  rawTypes?: number[];
}

export type WorkerRequest = { id: number } & (
  | { op: 'query'; tx?: number; text: string; params: unknown[]; options?: WireQueryOptions }
  | { op: 'exec'; tx?: number; text: string; options?: WireQueryOptions }
  /** Opens a transaction; its id is this request's id. */
  | { op: 'begin' }
  /** Commits (or rolls back) the transaction `tx` and answers once it has ended. */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'memory' }
  | { op: 'close' }
);

/** An error as it crosses: its kind picks the class it is rebuilt as, `fields` its properties. */
export interface WireError {
  kind: 'database' | 'transaction_aborted' | 'error';
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  /** Sent once: PGlite is open (or could not be opened). */
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: WireError };

export interface WorkerMemory {
  heapUsed: number;
  external: number;
  /** PGlite's WebAssembly memory (a private field: best effort, NaN when not found). */
  wasm: number;
}
