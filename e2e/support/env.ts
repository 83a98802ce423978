import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;
export const repoRoot = join(import.meta.dirname, '../..');
/** The e2e server's data dir: database, outbox, uploads and the operator's remotes.json. */
export const dataDir = join(repoRoot, 'e2e/.data');
export const remotesFile = join(dataDir, 'remotes.json');
export const outboxDir = join(dataDir, 'outbox');
