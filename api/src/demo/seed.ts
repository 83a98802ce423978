import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/app-config.js';
import { DEFAULT_BILLING } from '../modules/invoicing/index.js';
import { hashPassword } from '../modules/users/index.js';
import type { Database, Transaction } from '../database/database.js';
import { billingSettings, certificateSigner, courses, users } from '../database/schema.js';
import { DEMO_ACCOUNTS, writeAccounts } from './seed-accounts.js';
import { writeCatalogue, type SeedConfig, type SeededCatalogue } from './seed-catalogue.js';

export { DEMO_ACCOUNTS, DEMO_REMINDERS_STUDENT } from './seed-accounts.js';

/**
 * The demo seller: a sole trader in Spain, registered for the Union OSS scheme, prices including
 * VAT. Her details, series and the month's USD to EUR rate are the coach's to change
 * (/admin/facturacion); the rate here is a placeholder for the demo.
 */
export const DEMO_SELLER = {
  ...DEFAULT_BILLING,
  legalName: 'Lucía Martín García (Circo Coach)',
  taxId: 'ES12345678Z',
  address: 'Calle del Circo 12, 3.º B\n28012 Madrid',
  eurRates: { [new Date().toISOString().slice(0, 7)]: 0.92 },
};

/** The name the demo certificates are signed with (the coach changes it in /admin/certificados). */
export const DEMO_COACH_NAME = 'Lucía Martín García';

export interface SeedSummary extends SeededCatalogue {
  /** The demo accounts' ids; null when the accounts were not seeded. */
  adminId: string | null;
  studentId: string | null;
}

/** True when the database holds no user and no course: the only state the seed writes into. */
export async function isDatabaseEmpty(db: Database | Transaction): Promise<boolean> {
  const rows = await db.execute<{ has_data: boolean }>(
    sql`select (exists (select 1 from ${users}) or exists (select 1 from ${courses})) as has_data`,
  );
  return !(rows as unknown as { rows: Array<{ has_data: boolean }> }).rows[0]?.has_data;
}

/**
 * Writes the demo catalogue, and with `seedDemoAccounts` a demo admin and a demo student (their
 * passwords are published: the embedded demo only), in one transaction, but only into an empty
 * database (no users and no courses): it never seeds over existing data. Returns null when it did
 * nothing.
 */
export async function seedDemo(
  db: Database,
  config: SeedConfig & Pick<AppConfig, 'seedDemoAccounts'>,
  logger: Pick<Logger, 'log'> = new Logger('Seed'),
): Promise<SeedSummary | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  const hashes = config.seedDemoAccounts
    ? await Promise.all([
        hashPassword(DEMO_ACCOUNTS.admin.password),
        hashPassword(DEMO_ACCOUNTS.student.password),
        // the reminders' demo student: nobody logs in as her (no published password)
        hashPassword(randomBytes(24).toString('base64url')),
      ])
    : null;
  const summary = await db.transaction(async (tx) => {
    // re-checked inside the transaction: a concurrent writer may have won the race
    if (!(await isDatabaseEmpty(tx))) return null;
    const catalogue = await writeCatalogue(tx, config);
    await tx.insert(billingSettings).values(DEMO_SELLER).onConflictDoNothing();
    await tx.insert(certificateSigner).values({ coachName: DEMO_COACH_NAME }).onConflictDoNothing();
    if (!hashes) return { ...catalogue, adminId: null, studentId: null };
    return { ...catalogue, ...(await writeAccounts(tx, config, catalogue, hashes)) };
  });
  if (summary?.adminId) {
    logger.log(
      `Demo data seeded. Admin: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}  ` +
        `Student: ${DEMO_ACCOUNTS.student.email} / ${DEMO_ACCOUNTS.student.password}`,
    );
  } else if (summary) {
    logger.log('Demo catalogue seeded (no demo accounts outside the embedded demo)');
  }
  return summary;
}
