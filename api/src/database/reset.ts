import { sql } from 'drizzle-orm';
import { runMigrations, type DatabaseHandle } from './database.js';

/**
 * Drops every table and all data (the public schema, extensions included, and drizzle's
 * migrations journal), then migrates again: an empty database at the current schema.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await handle.db.execute(sql.raw('drop schema if exists public cascade'));
  await handle.db.execute(sql.raw('create schema public'));
  await runMigrations(handle);
}
