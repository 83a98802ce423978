import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import type { DatabaseHandle } from '../database.js';
import { ensureAdmin } from './ensure-admin.js';
import { seedDemo } from './seed.js';

/**
 * What every start does after migrating: the demo seed into an empty database (when SEED_DEMO is
 * on), then the configured admin account. Runs alone across instances (`handle.exclusive`).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<
    AppConfig,
    'seedDemo' | 'adminEmail' | 'adminPassword' | 'accessPeriodMonths' | 'dataDir' | 'contentDir'
  >,
  logger: Pick<Logger, 'log'> = new Logger('Database'),
): Promise<void> {
  await handle.exclusive(async () => {
    if (config.seedDemo) await seedDemo(handle.db, config, logger);
    if (config.adminEmail && config.adminPassword) {
      await ensureAdmin(handle.db, config.adminEmail, config.adminPassword, logger);
    }
  });
}
