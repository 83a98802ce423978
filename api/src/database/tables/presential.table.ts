import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, localizedText, localizedTextOrEmpty, updatedAt } from './columns.js';

export const PRESENTIAL_DATE_TYPES = ['single', 'range'] as const;
export type PresentialDateType = (typeof PRESENTIAL_DATE_TYPES)[number];

/** In-person trainings. Dates are calendar dates ('YYYY-MM-DD' strings), no time zone. */
export const presentialFormations = pgTable(
  'presential_formations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: localizedText('title'),
    description: localizedTextOrEmpty('description'),
    location: localizedTextOrEmpty('location'),
    dateType: text('date_type', { enum: PRESENTIAL_DATE_TYPES }).notNull(),
    singleDate: date('single_date', { mode: 'string' }),
    rangeStart: date('range_start', { mode: 'string' }),
    rangeEnd: date('range_end', { mode: 'string' }),
    /** Free text, e.g. "10:00 a 14:00". */
    time: text('time').notNull().default(''),
    registrationLink: text('registration_link').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // effective first and last day, for "upcoming, soonest first" (where ends_on >= today order by starts_on)
    startsOn: date('starts_on', { mode: 'string' }).generatedAlwaysAs(
      sql.raw(`case when date_type = 'single' then single_date else range_start end`),
    ),
    endsOn: date('ends_on', { mode: 'string' }).generatedAlwaysAs(
      sql.raw(`case when date_type = 'single' then single_date else range_end end`),
    ),
  },
  (t) => [
    check('presential_formations_date_type_check', sql`${t.dateType} in ('single', 'range')`),
    check(
      'presential_formations_dates_check',
      sql`(${t.dateType} = 'single' and ${t.singleDate} is not null)
        or (${t.dateType} = 'range' and ${t.rangeStart} is not null and ${t.rangeEnd} is not null and ${t.rangeEnd} >= ${t.rangeStart})`,
    ),
    index('presential_formations_starts_on_idx').on(t.startsOn),
    index('presential_formations_ends_on_idx').on(t.endsOn),
  ],
);

export type PresentialFormationRow = typeof presentialFormations.$inferSelect;
export type NewPresentialFormationRow = typeof presentialFormations.$inferInsert;
