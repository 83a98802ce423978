import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built API (npm test builds it first). */
export const BUILT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** One process of the built API, with its output and how it ended. */
export interface ApiProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal) once it has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node api/dist/main.js` with `env` on a free port (no waiting). */
export async function spawnApi(env: Record<string, string>): Promise<ApiProcess> {
  if (!existsSync(BUILT_MAIN)) {
    throw new Error(`${BUILT_MAIN} is missing: build the API first (npm run build)`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_MAIN], {
    cwd: join(BUILT_MAIN, '../../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Waits until /api/health answers 200 (or the process ends, or `timeoutMs` passes). */
export async function waitHealthy(api: ApiProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void api.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the API exited before it was ready:\n${api.output()}`);
    try {
      const res = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the API was not ready within ${timeoutMs} ms:\n${api.output()}`);
}

/** Waits until the process printed `text`, or until its output is what `text` asks of it. */
export async function waitForOutput(
  api: ApiProcess,
  text: string | ((output: string) => boolean),
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  const printed = typeof text === 'string' ? (out: string) => out.includes(text) : text;
  while (!printed(api.output())) {
    if (Date.now() > deadline) {
      const what = typeof text === 'string' ? `"${text}"` : `an output where ${String(text)}`;
      throw new Error(`no ${what} in the output:\n${api.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops the process if it still runs (after a test that failed half-way). */
export async function kill(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGKILL');
  await api.exited;
}
