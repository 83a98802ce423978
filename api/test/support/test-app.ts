import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { AccountCache } from '../../src/modules/users/account-cache.js';
import { CatalogCacheService } from '../../src/modules/catalogue/cache/catalog-cache.service.js';
import { DB, type Database } from '../../src/database/database.js';
import { copyMigratedPglite, createServerDatabase, testTmpDir } from './test-databases.js';

export { copyMigratedPglite, createServerDatabase, testTmpDir } from './test-databases.js';

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
