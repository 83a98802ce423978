import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { USER_ERRORS } from '@circo/shared-contracts';
import type { Database } from '../../database/database.js';
import {
  type BuiltReads,
  PreparedReadsRepository,
  TransactionHost,
} from '../../database/transactions.js';
import { isUniqueViolation } from '../../database/db-errors.js';
import { conflict } from '../../common/errors/app-error.js';
import type { AuthAccount } from '../auth/index.js';
import { users, type NewUserRow, type UserRow } from '../../database/tables/users.table.js';

/** What every signed-in request reads of its caller: built once and prepared. */
const preparedReads = {
  authAccount: (db: Database) =>
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        name: users.name,
        surname: users.surname,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('users_auth_account'),
};

@Injectable()
export class UsersRepository extends PreparedReadsRepository<BuiltReads<typeof preparedReads>> {
  constructor(host: TransactionHost) {
    super(host, preparedReads);
  }

  /** The account behind a session token (no password hash: it is read on every request). */
  async findAuthAccount(id: string): Promise<AuthAccount | undefined> {
    const [row] = await this.prepared.authAccount.execute({ id });
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.firstWhere(users, eq(users.email, email.toLowerCase()));
  }

  /** Inserts a user; a taken e-mail is a 409 `users.email_taken`. */
  async insert(row: NewUserRow): Promise<UserRow> {
    try {
      const [created] = await this.db
        .insert(users)
        .values({ ...row, email: row.email.toLowerCase() })
        .returning();
      return created;
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) {
        throw conflict(USER_ERRORS.emailTaken, 'An account with this e-mail already exists');
      }
      throw err;
    }
  }

  /** Sets a new password hash and bumps the token version: every earlier session token stops working. */
  async updatePassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  }

  /** Turns the access reminders off (true) or on again; false when there is no such user. */
  async setRemindersOptOut(id: string, optOut: boolean): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ remindersOptOut: optOut })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
