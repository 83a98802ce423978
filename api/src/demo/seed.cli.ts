// `npm run seed -w @circo/api [-- --reset]`: seeds the demo data into an empty database;
// with --reset it first drops every table and all data, re-migrates, then seeds.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { openDatabase, redact } from '../database/database.js';
import { ensureConfiguredAdmin } from './prepare.js';
import { resetDatabase } from '../database/reset.js';
import { seedDemo } from './seed.js';

async function main(argv: string[]): Promise<void> {
  const unknown = argv.filter((a) => a !== '--reset');
  if (unknown.length > 0) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}\nUsage: seed [--reset]`);
    process.exit(2);
  }
  const reset = argv.includes('--reset');
  const config = loadConfig();
  const logger = new Logger('Seed');
  const where = config.databaseUrl ? redact(config.databaseUrl) : `PGlite in ${config.dataDir}/db`;
  const handle = await openDatabase(config, { migrate: !reset });
  try {
    await handle.exclusive(async () => {
      if (reset) {
        logger.log(`Resetting ${where}: dropping all tables and data`);
        await resetDatabase(handle);
      }
      const seeded = await seedDemo(handle.db, config, logger);
      if (!seeded)
        logger.log(`${where} already has data: nothing seeded (use --reset to start over)`);
      await ensureConfiguredAdmin(handle.db, config, logger);
    });
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
