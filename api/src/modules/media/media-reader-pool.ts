import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaProbe } from './media-info.js';

/** What a media reader worker is asked: a file's facts (media-info.ts) or its frame rate. */
export type MediaReaderJob =
  | { kind: 'info'; path: string; limits: { maxSeconds: number; budgetMs: number } }
  | { kind: 'frameRate'; path: string };

/** What a job answers: a file's facts, or a frame rate (null when there is none). */
export type MediaReaderResult = MediaProbe | number | null;

export type MediaReaderReply =
  { id: number; result: MediaReaderResult } | { id: number; failed: true };

/** The heap one reader process may fill, in MB (its own V8 flag: nothing of the API's overrides it). */
export interface ReaderLimits {
  maxOldGenerationSizeMb: number;
}

/** Why a worker gave no answer: it died (out of memory, stack), or passed its time. */
export class MediaReaderFailure extends Error {
  constructor(readonly reason: 'died' | 'timeout') {
    super(reason === 'died' ? 'the reader stopped' : 'the reader took too long');
  }
}

// The built API (api/dist/*.js) starts the compiled worker; from the TypeScript source (jest),
// source-worker.mjs is first imported: the loader that compiles .ts files (as for the page renderer).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Workers per pool (reads past it wait their turn, their clock not yet started): one per core,
 * two at least so a file that runs to its time does not hold up the next, four at most.
 */
const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism()));

interface Pending {
  job: MediaReaderJob;
  timeoutMs: number;
  resolve: (result: MediaReaderResult) => void;
  reject: (err: Error) => void;
}

/**
 * A few reader processes with a heap limit of their own, each reused from file to file so a read
 * pays no start; a reader that dies, runs out of memory or passes its time is ended and its read
 * fails (MediaReaderFailure), and the next read gets a fresh one. Processes, not worker threads:
 * a worker thread's `resourceLimits` give way to the process's `--max-old-space-size` (V8's flags
 * are the process's; `NODE_OPTIONS=--max-old-space-size=4096`, common in production, would lift
 * a reader's 128 MB to 4 GB of the API's own memory), and a process's memory is its own.
 */
export class MediaReaderPool {
  private readonly idle: ChildProcess[] = [];
  private readonly waiting: Pending[] = [];
  private running = 0;
  private readonly ready = new WeakMap<ChildProcess, Promise<void>>();
  private nextId = 0;

  constructor(private readonly limits: ReaderLimits) {}

  /** The job's result, or a MediaReaderFailure; an exception in the reader rejects with Error. */
  read(job: MediaReaderJob, timeoutMs: number): Promise<MediaReaderResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, timeoutMs, resolve, reject });
      this.drain();
    });
  }

  /** Ends the idle workers (a read after it starts new ones): the API's shutdown. */
  close(): Promise<void> {
    for (const worker of this.idle.splice(0)) worker.kill('SIGKILL');
    return Promise.resolve();
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.running < POOL_SIZE) {
      this.running++;
      this.run(this.idle.pop() ?? this.start(), this.waiting.shift()!);
    }
  }

  private start(): ChildProcess {
    const entry = join(HERE, FROM_SOURCE ? 'media-reader-worker.ts' : 'media-reader-worker.js');
    const worker = fork(entry, [], {
      // nothing of the API's environment: no NODE_OPTIONS to lift the limit below
      env: {},
      execArgv: [
        `--max-old-space-size=${this.limits.maxOldGenerationSizeMb}`,
        '--disable-warning=ExperimentalWarning',
        ...(FROM_SOURCE
          ? ['--import', new URL('../../database/source-worker.mjs', import.meta.url).href]
          : []),
      ],
      // mp4box's complaints and V8's out-of-memory report are the reader's own; the caller logs
      // the refusal with its reason
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    // a running reader's end is answered by its job (run); an idle one leaves the pool
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    // the clock of its first job starts once its modules are loaded (it says 'ready')
    this.ready.set(worker, new Promise((resolve) => worker.once('message', () => resolve())));
    return worker;
  }

  private run(worker: ChildProcess, { job, timeoutMs, resolve, reject }: Pending): void {
    const id = ++this.nextId;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (reuse: boolean) => {
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onDied).off('exit', onDied);
      this.running--;
      if (reuse) {
        // an idle reader never keeps the API's process alive
        worker.unref();
        worker.channel?.unref();
        this.idle.push(worker);
      } else worker.kill('SIGKILL');
      this.drain();
    };
    const onMessage = (reply: MediaReaderReply | 'ready') => {
      if (reply === 'ready' || reply.id !== id) return;
      finish(true);
      if ('failed' in reply) reject(new Error('the reader failed'));
      else resolve(reply.result);
    };
    const onDied = () => {
      finish(false);
      reject(new MediaReaderFailure('died'));
    };
    worker.on('message', onMessage).on('error', onDied).on('exit', onDied);
    worker.ref();
    worker.channel?.ref();
    void this.ready.get(worker)!.then(() => {
      if (done) return;
      timer = setTimeout(() => {
        finish(false);
        reject(new MediaReaderFailure('timeout'));
      }, timeoutMs);
      worker.send({ id, job });
    });
  }
}

/**
 * The heap a reader process may fill. mp4box keeps an object of a few hundred bytes for each
 * sample a movie header declares (docs/reliability.md): a practice clip or a voice note (at most
 * 180,000 samples) reads well within the first; a class video (up to 2 million) gets the second.
 * Deeply nested boxes overflow Node's stack, and the file is refused.
 */
const CLIP_LIMITS = { maxOldGenerationSizeMb: 128 };
const VIDEO_LIMITS = { maxOldGenerationSizeMb: 1024 };

/** The readers of practice clips and voice notes (workers start on the first read). */
export const clipReaders = new MediaReaderPool(CLIP_LIMITS);
/** The readers of the class videos the admin uploads. */
export const videoReaders = new MediaReaderPool(VIDEO_LIMITS);

/** Ends every idle reader worker (the API's shutdown; reads after it start new ones). */
export async function closeMediaReaders(): Promise<void> {
  await Promise.all([clipReaders.close(), videoReaders.close()]);
}
