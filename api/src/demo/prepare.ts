import { Logger } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config/app-config.js';
import type { Database, DatabaseHandle } from '../database/database.js';
import { users } from '../database/schema.js';
import { ensureAdmin } from '../modules/users/index.js';
import { seedDemo } from './seed.js';

/** How an operator creates the first admin (there is no sign-up for admins). */
export const CREATE_ADMIN_HINT =
  'No admin account yet: set ADMIN_EMAIL and ADMIN_PASSWORD (8+ characters with an uppercase, ' +
  'a lowercase and a digit) and restart to create it.';

/**
 * What every start does after migrating: the demo seed into an empty database (when SEED_DEMO is
 * on; the demo accounts only in the embedded demo), then the configured admin account, or a line
 * telling how to create one. Runs alone across instances (`handle.exclusive`).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<
    AppConfig,
    | 'seedDemo'
    | 'seedDemoAccounts'
    | 'adminEmail'
    | 'adminPassword'
    | 'accessPeriodMonths'
    | 'dataDir'
    | 'contentDir'
  >,
  logger: Pick<Logger, 'log' | 'warn'> = new Logger('Database'),
): Promise<void> {
  await handle.exclusive(async () => {
    if (config.seedDemo) await seedDemo(handle.db, config, logger);
    await ensureConfiguredAdmin(handle.db, config, logger);
  });
}

/** ADMIN_EMAIL / ADMIN_PASSWORD when set; otherwise a warning while the database has no admin. */
export async function ensureConfiguredAdmin(
  db: Database,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword'>,
  logger: Pick<Logger, 'log' | 'warn'>,
): Promise<void> {
  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(db, config.adminEmail, config.adminPassword, logger);
    return;
  }
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  if (!admin) logger.warn(CREATE_ADMIN_HINT);
}
