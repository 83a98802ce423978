// The whole database schema: the tables live on the ground floor (`tables/<area>.table.ts`,
// importing nothing above them); this file gathers them for drizzle-kit and the typed DB handle.
export * from './tables/users.table.js';
export * from './tables/auth.table.js';
export * from './tables/courses.table.js';
export * from './tables/formations.table.js';
export * from './tables/class-media.table.js';
export * from './tables/presential.table.js';
export * from './tables/discounts.table.js';
export * from './tables/payments.table.js';
export * from './tables/purchases.table.js';
export * from './tables/progress.table.js';
export * from './tables/practice.table.js';
export * from './tables/uploads.table.js';
export * from './tables/catalog-version.table.js';
export * from './tables/jobs.table.js';
export * from './tables/reminders.table.js';
export * from './tables/practice-clips.table.js';
export * from './tables/certificates.table.js';
export * from './tables/memberships.table.js';
export * from './tables/invoicing.table.js';
