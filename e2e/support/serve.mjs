// Starts the built API + composed app for the browser tests on a fresh data dir (PGlite, demo seed).
// Its log goes to this process's output (Playwright shows it) and to e2e/.data/<port>/server.log, which
// journeys read to check what the server said (serverLog() in fixtures.ts).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
// one per port: two runs in one checkout (E2E_PORT apart) never share a database or an outbox
const dataDir = join(root, 'e2e/.data', process.env.E2E_PORT ?? '3210');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  REMOTES_FILE: join(dataDir, 'remotes.json'),
  DATABASE_URL: '',
  SEED_DEMO: 'true',
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_REGISTER: '1000',
  RATE_LIMIT_FORGOT: '1000',
  RATE_LIMIT_RESET: '1000',
  // the journeys share the demo accounts: per-account limits as high as the others
  RATE_LIMIT_PAYMENT: '1000',
  RATE_LIMIT_UPLOAD: '1000',
  RATE_LIMIT_PRACTICE_CLIPS: '1000',
  RATE_LIMIT_PROGRESS: '1000',
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`,
  LOG_LEVEL: 'warn',
};
const log = createWriteStream(join(dataDir, 'server.log'));
const api = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const [from, to] of [
  [api.stdout, process.stdout],
  [api.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    to.write(chunk);
    log.write(chunk);
  });
}
// Playwright stops this process (its whole group); a stop sent to it alone stops the API too
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
