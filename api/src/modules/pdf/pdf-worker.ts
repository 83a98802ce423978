// A PDF thread (PdfThreads): loads the module of each drawing it is asked for once, draws, and
// hands the bytes back (moved, not copied).
import { parentPort } from 'node:worker_threads';

export interface PdfJob {
  id: number;
  /** the file URL of the module that exports the drawing */
  module: string;
  name: string;
  arg: unknown;
}
export type PdfReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

type Drawing = (arg: unknown) => Promise<Uint8Array>;
const modules = new Map<string, Promise<Record<string, unknown>>>();

async function drawingOf(job: PdfJob): Promise<Drawing> {
  let loading = modules.get(job.module);
  if (!loading) {
    loading = import(job.module) as Promise<Record<string, unknown>>;
    modules.set(job.module, loading);
  }
  const fn = (await loading)[job.name];
  if (typeof fn !== 'function') throw new Error(`${job.module} exports no drawing ${job.name}`);
  return fn as Drawing;
}

parentPort?.on('message', (job: PdfJob) => {
  void (async () => {
    try {
      const bytes = await (await drawingOf(job))(job.arg);
      // its own buffer, whole, so it can be moved to the caller's thread
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const out = own ? bytes : bytes.slice();
      parentPort!.postMessage({ id: job.id, bytes: out } satisfies PdfReply, [
        out.buffer as ArrayBuffer,
      ]);
    } catch (err) {
      parentPort!.postMessage({
        id: job.id,
        error: (err as Error)?.message ?? String(err),
      } satisfies PdfReply);
    }
  })();
});
