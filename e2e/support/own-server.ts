import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { repoRoot } from './env';

export interface OwnServer {
  origin: string;
  /** its data dir (PGlite, uploads, outbox) */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The built API and app on a server of the journey's own, on `port` with a fresh data dir: for a
 * journey that needs settings the shared server does not have (tiny rate limits, another web
 * root). `env` is added to the server's environment; it answers /api/health before this returns.
 */
export async function startOwnServer(
  port: number,
  name: string,
  env: Record<string, string>,
): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `circo-e2e-${name}-`));
  const server = spawn(process.execPath, [join(repoRoot, 'api/dist/main.js')], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 100_000, intervals: [500] },
    )
    .toBe(200);
  return {
    origin,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
