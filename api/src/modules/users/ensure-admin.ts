import { Logger } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { isStrongPassword } from '@circo/shared-contracts';
import { hashPassword } from './password.js';
import type { Database } from '../../database/database.js';
import { users } from '../../database/schema.js';

/**
 * Makes sure the configured admin account (ADMIN_EMAIL / ADMIN_PASSWORD) exists with role admin.
 * An existing account keeps its password (the admin may have changed it) and is promoted if needed.
 */
export async function ensureAdmin(
  db: Database,
  email: string,
  password: string,
  logger: Pick<Logger, 'log'> = new Logger('Seed'),
): Promise<'created' | 'promoted' | 'unchanged'> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, normalized))
    .limit(1);
  if (existing) {
    if (existing.role === 'admin') return 'unchanged';
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    logger.log(`Account ${normalized} promoted to admin (ADMIN_EMAIL)`);
    return 'promoted';
  }
  // the storefront's own rule (shared-contracts), the one the register and reset forms apply
  if (!isStrongPassword(password)) {
    throw new Error(
      'ADMIN_PASSWORD must have at least 8 characters, an uppercase, a lowercase and a digit',
    );
  }
  await db
    .insert(users)
    .values({
      name: 'Admin',
      surname: '',
      email: normalized,
      passwordHash: await hashPassword(password),
      role: 'admin',
    })
    .onConflictDoNothing({ target: users.email });
  logger.log(`Admin account ${normalized} created (ADMIN_EMAIL)`);
  return 'created';
}
