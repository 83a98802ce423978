import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BundleCode, RenderReply, RenderRequest } from './render-protocol.js';

/** A page that takes longer than this to render is sent without its first screen. */
export const RENDER_TIMEOUT_MS = 10_000;
/** The renderer's heap: past it, the process dies and is started again at the next page. */
const RENDERER_HEAP_MB = 512;

// The built API starts the compiled render-process.js. From the TypeScript source (jest), the
// child is plain Node: source-worker.mjs registers the loader that compiles .ts files first.
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** Node's permission model flag (`--experimental-permission` before Node 22.13). */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

type Pending = { resolve: (reply: RenderReply | null) => void; timer: NodeJS.Timeout };

/**
 * Runs the apps' server bundles in a process of their own (render-process.ts): started with an
 * empty environment and Node's permission model (it may read its own file and nothing else, start
 * no process or thread), so a bundle, even one fetched from a remote's own origin, cannot reach
 * the API's secrets. One process renders every page (side by side, each in its own page
 * context); it is started at the first page, started again after it dies, and stopped with a page
 * that does not answer within RENDER_TIMEOUT_MS (that page, and the others it was rendering, go
 * without a first screen). A bundle's code is sent once per release the process does not hold yet.
 */
export class PageRenderer {
  private child: Promise<ChildProcess> | null = null;
  /** The process once it is ready (to tell a stale one from the current one). */
  private current: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  /** The release each slot of the current process holds (what it was last sent). */
  private readonly holds = new Map<string, string>();
  private nextId = 1;
  private closed = false;

  constructor(
    /** The first-screen contract version the API speaks (FIRST_SCREEN_API). */
    private readonly api: number,
    private readonly log: (msg: string, err: unknown) => void,
    private readonly timeoutMs = RENDER_TIMEOUT_MS,
  ) {}

  /**
   * The page's markup and what went wrong; null when the renderer could not answer. Pages go to
   * the process as they come, and it renders them side by side (each in its own page context).
   */
  async render(
    shell: Required<BundleCode>,
    remote: { name: string; bundle: Required<BundleCode> } | undefined,
    input: RenderRequest['input'],
  ): Promise<RenderReply | null> {
    if (this.closed) return null;
    let child: ChildProcess;
    try {
      child = await this.start();
    } catch (err) {
      this.log('the page renderer could not start; pages are sent without a first screen', err);
      return null;
    }
    const id = this.nextId++;
    const req: RenderRequest = {
      id,
      api: this.api,
      shell: this.once('shell', shell),
      remote: remote && {
        name: remote.name,
        bundle: this.once(`remote:${remote.name}`, remote.bundle, `@${shell.key}`),
      },
      input,
    };
    return new Promise<RenderReply | null>((resolve) => {
      const timer = setTimeout(() => {
        this.log(
          `the first screen of ${input.pathname} took over ${this.timeoutMs} ms; the renderer is restarted`,
          null,
        );
        this.stop(child);
      }, this.timeoutMs);
      this.pending.set(id, { resolve, timer });
      child.send(req, (err) => {
        if (err) this.stop(child);
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = await this.child?.catch(() => null);
    if (child) this.stop(child);
  }

  /** The bundle, with its code only when the process does not hold this release of `slot` yet. */
  private once(slot: string, bundle: Required<BundleCode>, suffix = ''): BundleCode {
    const key = bundle.key + suffix;
    if (this.holds.get(slot) === key) return { key: bundle.key, file: bundle.file };
    this.holds.set(slot, key);
    return bundle;
  }

  private start(): Promise<ChildProcess> {
    this.child ??= new Promise<ChildProcess>((resolve, reject) => {
      const here = dirname(fileURLToPath(import.meta.url));
      const entry = join(here, FROM_SOURCE ? 'render-process.ts' : 'render-process.js');
      // from the source, the loader reads the API's .ts files and @swc/core (a native addon)
      const root = join(here, '../../..');
      const reads = FROM_SOURCE
        ? [
            `--allow-fs-read=${root}/*`,
            '--allow-addons',
            '--allow-worker',
            // (Node warns that these two widen the model: the tests' loader needs them)
            '--disable-warning=SecurityWarning',
          ]
        : [`--allow-fs-read=${entry}`];
      const child = fork(entry, [], {
        env: {},
        execArgv: [
          // a bundle that leaks is stopped there, not in the API
          `--max-old-space-size=${RENDERER_HEAP_MB}`,
          PERMISSION_FLAG,
          ...reads,
          '--disable-warning=ExperimentalWarning',
          ...(FROM_SOURCE
            ? ['--import', new URL('../database/source-worker.mjs', import.meta.url).href]
            : []),
        ],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      const onStartExit = (code: number | null) =>
        reject(new Error(`the renderer stopped while starting (exit code ${code})`));
      child.once('exit', onStartExit);
      child.once('error', reject);
      child.on('message', (m: RenderReply | { ready: true }) => {
        if ('ready' in m) {
          child.off('exit', onStartExit);
          this.current = child;
          resolve(child);
          return;
        }
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        for (const l of m.logs) this.log(l.msg, l.err || null);
        p.resolve(m);
      });
      child.on('exit', (code, signal) => {
        if (this.child && !this.closed && code !== 0 && signal !== 'SIGKILL') {
          this.log(`the page renderer stopped (exit code ${code}, ${signal ?? 'no signal'})`, null);
        }
        this.forget(child);
      });
      // the renderer never keeps the API's process alive
      child.unref();
      child.channel?.unref();
    }).catch((err: unknown) => {
      this.child = null;
      throw err;
    });
    return this.child;
  }

  /** Stops the process; what it was rendering goes without a first screen. */
  private stop(child: ChildProcess): void {
    this.forget(child);
    child.kill('SIGKILL');
  }

  private forget(child: ChildProcess): void {
    if (this.current !== child) return;
    this.current = null;
    this.child = null;
    this.holds.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve(null);
      this.pending.delete(id);
    }
  }
}
