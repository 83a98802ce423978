// The databases of the tests, apart from the app: a migrated PGlite data dir copied from a
// template, or an empty database on the PostgreSQL server. Light to import (no Nest app), for the
// tests that start the built API in a process of its own.
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  pgliteDataDir,
  redact,
} from '../../src/database/database.js';

/**
 * Where the tests' data dirs go: /dev/shm (memory) when the machine has it, else the OS temp dir.
 * A test app copies a 41 MB PGlite data dir of some 3,600 files and PGlite reads and writes it;
 * on the disk that copy took 5-10 times the CPU it takes in memory, and its writes waited for
 * the disk behind the other processes' (docs/testing.md, "What keeps the suite fast").
 */
export const testTmpDir: string = (() => {
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // no /dev/shm (macOS) or not writable: the temp dir
  }
  return tmpdir();
})();

/** Creates an empty database on the server of `serverUrl`; `drop()` removes it (even if still in use). */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `circo_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect().catch((err: Error) => {
    throw new Error(`DATABASE_URL (${redact(serverUrl)}) is not reachable: ${err.message}`);
  });
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Puts a migrated, empty PGlite database in `$dataDir/db` (where `openDatabase` looks for it): a
 * copy of the template, instead of the 5 s of a fresh PGlite's initdb and every migration.
 */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  cpSync(join(await pgliteTemplate(), 'db'), pgliteDataDir(dataDir), { recursive: true });
}

/**
 * A migrated, empty PGlite data dir under `testTmpDir`, made once per migration set and shared
 * by every test file (and jest worker): a fresh PGlite boot + migration takes ~5 s, copying the
 * template and reopening it ~1 s. Built aside, then renamed into place (atomic across workers).
 */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path));
  }
  const dir = join(testTmpDir, `circo-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, 'db', 'PG_VERSION'))) return dir;
  const building = mkdtempSync(`${dir}.building-`);
  try {
    const handle = await openDatabase({ dataDir: building, databaseUrl: null });
    await handle.close();
    try {
      renameSync(building, dir);
    } catch (err) {
      // another worker finished first: use theirs
      if (!existsSync(join(dir, 'db', 'PG_VERSION'))) throw err;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}
