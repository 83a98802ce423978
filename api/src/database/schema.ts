// The whole database schema: each module keeps its tables in `<area>.table.ts`; this file only
// gathers them for drizzle-kit, the typed DB handle and the seed.
export * from '../modules/users/users.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/courses/courses.table.js';
export * from '../modules/formations/formations.table.js';
export * from '../modules/class-media/class-media.table.js';
export * from '../modules/presential/presential.table.js';
export * from '../modules/discounts/discounts.table.js';
export * from '../modules/payments/payments.table.js';
export * from '../modules/purchases/purchases.table.js';
export * from '../modules/progress/progress.table.js';
export * from '../modules/practice/practice.table.js';
export * from '../modules/uploads/uploads.table.js';
export * from '../common/catalog-cache/catalog-version.table.js';
export * from '../common/jobs/jobs.table.js';
export * from '../modules/reminders/reminders.table.js';
export * from '../modules/practice-clips/practice-clips.table.js';
