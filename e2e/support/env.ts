import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;
export const repoRoot = join(import.meta.dirname, '../..');
/**
 * The e2e server's data dir: database, outbox, uploads and the operator's remotes.json; one per
 * port, so that two runs in one checkout never share them (serve.mjs).
 */
export const dataDir = join(repoRoot, 'e2e/.data', String(E2E_PORT));
export const remotesFile = join(dataDir, 'remotes.json');
export const outboxDir = join(dataDir, 'outbox');
/** What the e2e server logged (e2e/support/serve.mjs writes it there as well). */
export const serverLogFile = join(dataDir, 'server.log');
/**
 * Ports of the extra compositions the contract tests serve, derived from E2E_PORT so that two
 * checkouts running their journeys side by side never share one.
 */
export const contractPort = (i: number) => 20_000 + (E2E_PORT % 1000) * 10 + i;

export { chromiumArgs, chromiumPath };

/**
 * For journeys that film: Chromium's fake camera and microphone (a moving test pattern and a
 * tone), no permission prompt, and media that may play without a tap.
 */
export const fakeCameraLaunch = {
  executablePath: chromiumPath,
  args: [
    ...chromiumArgs,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
};
