import { randomBytes, createHash } from 'node:crypto';
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
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { AccountCache } from '../../src/modules/users/account-cache.js';
import { CatalogCacheService } from '../../src/modules/catalogue/cache/catalog-cache.service.js';
import {
  DB,
  MIGRATIONS_FOLDER,
  openDatabase,
  pgliteDataDir,
  redact,
  type Database,
} from '../../src/database/database.js';

/** Rate limits no test reaches: for `createTestApp({ rateLimit: { ...NO_RATE_LIMITS, login: 5 } })`. */
export const NO_RATE_LIMITS: AppConfig['rateLimit'] = {
  login: 1e6,
  register: 1e6,
  forgot: 1e6,
  reset: 1e6,
  verify: 1e6,
  payment: 1e6,
  upload: 1e6,
  clip: 1e6,
  progress: 1e6,
  windowMs: 60_000,
};

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

export interface TestApp {
  app: NestFastifyApplication;
  db: Database;
  config: AppConfig;
  /** The instance's cache of public catalogue answers. */
  cache: CatalogCacheService;
  /**
   * Rows written straight into the database (factories) reach the cached public answers when the
   * instance next reads the catalogue version; this reads it now, as the poll timer would.
   */
  catalogChanged(): Promise<void>;
  /**
   * Accounts changed straight in the database (as another instance would) reach this instance's
   * copy of the signed-in accounts when it next reads the accounts version; this reads it now.
   */
  accountsChanged(): Promise<void>;
  /** Closes the app, drops the test database (PostgreSQL) and removes the temporary data dir. */
  close(): Promise<void>;
}

/**
 * Boots the real app (`createApp`) on a fresh, migrated, empty database: a PGlite data dir cloned
 * from a migrated template, or, when DATABASE_URL is set, a new `circo_t_<random>` database on
 * that server (dropped by `close()`). No web front end, no logger, no demo seed unless overridden.
 * `env` adds to (or, with undefined, removes from) the environment the config is read from.
 * Call once per test file (beforeAll) and make rows with the factories.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  env: Record<string, string | undefined> = {},
  opts: { databaseUrl?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(testTmpDir, 'circo-test-'));
  const serverUrl = process.env.DATABASE_URL?.trim() || null;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  try {
    if (opts.databaseUrl) {
      // a database another test app (or the test) made and drops: several instances share it
      databaseUrl = opts.databaseUrl;
    } else if (serverUrl) {
      const created = await createServerDatabase(serverUrl);
      databaseUrl = created.url;
      dropDatabase = created.drop;
    } else {
      await copyMigratedPglite(dataDir);
    }
    const config: AppConfig = {
      ...loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SERVE_WEB: 'false',
        SEED_DEMO: 'false',
        // jobs run when a commit writes one (and by drain()), not on a timer that would add
        // queries to a test counting them; a test of the polling sets its own
        JOBS_POLL_MS: '600000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      }),
      ...overrides,
    };
    const app = await createApp(config, { logger: false });
    await app.getHttpAdapter().getInstance().ready();
    let closed = false;
    const cache = app.get(CatalogCacheService);
    const accounts = app.get(AccountCache);
    return {
      app,
      db: app.get<Database>(DB),
      config,
      cache,
      catalogChanged: () => cache.checked(),
      accountsChanged: () => accounts.checked(),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await app.close();
        } finally {
          await dropDatabase?.();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    await dropDatabase?.().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

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
