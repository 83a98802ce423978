// Starts the built API + composed app for the browser tests on a fresh data dir (PGlite, demo seed).
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = join(root, 'e2e/.data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

Object.assign(process.env, {
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
  RATE_LIMIT_PROGRESS: '1000',
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`,
  LOG_LEVEL: 'warn',
});
await import(join(root, 'api/dist/main.js'));
