import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row: a counter that every write to a catalogue table bumps in the same transaction (a
 * statement trigger, see the migration), so any API instance learns of a committed change by
 * reading one number. Written only by those triggers. `search_version` counts only the writes
 * that can change what the search index holds (common/search): the courses' and formations'
 * rows, not their classes and modules, vouchers or in-person trainings.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    searchVersion: bigint('search_version', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);
