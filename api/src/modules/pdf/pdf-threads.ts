import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { PdfJob, PdfReply } from './pdf-worker.js';

// The built API (api/dist/*.js) starts the compiled worker; from the TypeScript source (jest),
// source-worker.mjs first registers the loader that compiles .ts files (as for PGlite's worker).
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * Threads drawing PDFs: one fewer than the cores, one at least, two at most. Drawing an invoice
 * takes 3 ms of CPU in Helvetica and 10 ms with DejaVu, enough to
 * hold every other request of a busy launch day behind it on the event loop.
 */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * A function that draws a PDF from one value, named by its module and export so a thread can
 * load it: `pdfDrawing<InvoiceRow>(import.meta.url, './invoice-pdf', 'invoicePdf')`. The value
 * crosses to the thread by structured clone (plain data, Dates and typed arrays).
 */
export interface PdfDrawing<A> {
  readonly module: string;
  readonly name: string;
  /** never set: it carries the type of the value the drawing takes */
  readonly takes?: A;
}

/** The drawing `name` exported by `file` (no extension), beside `base` (an import.meta.url). */
export function pdfDrawing<A>(base: string, file: string, name: string): PdfDrawing<A> {
  const ext = base.endsWith('.ts') ? '.ts' : '.js';
  return { module: new URL(`${file}${ext}`, base).href, name };
}

interface Pending {
  job: Omit<PdfJob, 'id'>;
  resolve: (bytes: Uint8Array) => void;
  reject: (err: Error) => void;
}

/**
 * Draws PDFs (invoices, credit notes, certificates) on worker threads, so the event loop keeps
 * answering while one is drawn; each thread draws one at a time, the rest wait in order. A
 * drawing that throws rejects with its message; a thread that stops is replaced at the next one.
 */
@Injectable()
export class PdfThreads implements OnModuleDestroy {
  private readonly idle: Worker[] = [];
  private readonly waiting: Pending[] = [];
  private running = 0;
  private nextId = 1;
  private closed = false;

  /** The PDF `drawing` makes of `value`. */
  draw<A>(drawing: PdfDrawing<A>, value: A): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('the PDF threads are closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({
        job: { module: drawing.module, name: drawing.name, arg: value },
        resolve,
        reject,
      });
      this.drain();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const p of this.waiting.splice(0)) p.reject(new Error('the PDF threads are closed'));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.running < THREADS) {
      this.running++;
      this.run(this.idle.pop() ?? this.start(), this.waiting.shift()!);
    }
  }

  private start(): Worker {
    const entry = new URL(FROM_SOURCE ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);
    const worker = FROM_SOURCE
      ? new Worker(new URL('../../database/source-worker.mjs', import.meta.url), {
          workerData: { sourceEntry: entry.href },
        })
      : new Worker(entry);
    // an idle thread leaves the pool when it stops; a busy one is answered by its job (run)
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  private run(worker: Worker, { job, resolve, reject }: Pending): void {
    const id = this.nextId++;
    const finish = (reuse: boolean) => {
      worker.off('message', onMessage).off('error', onStopped).off('exit', onStopped);
      this.running--;
      if (reuse && !this.closed) {
        // an idle thread never keeps the process alive
        worker.unref();
        this.idle.push(worker);
      } else void worker.terminate();
      this.drain();
    };
    const onMessage = (reply: PdfReply) => {
      if (reply.id !== id) return;
      finish(true);
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply.bytes);
    };
    const onStopped = (err?: unknown) => {
      finish(false);
      reject(err instanceof Error ? err : new Error('the PDF thread stopped'));
    };
    worker.on('message', onMessage).on('error', onStopped).on('exit', onStopped);
    worker.ref();
    worker.postMessage({ id, ...job } satisfies PdfJob);
  }
}
