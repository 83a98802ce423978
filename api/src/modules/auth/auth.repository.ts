import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import { passwordResetTokens } from '../../database/tables/auth.table.js';

@Injectable()
export class AuthRepository extends Repository {
  async insertResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  }

  /**
   * Uses a reset token: one atomic update claims it only while unused and unexpired, so two
   * concurrent resets with the same link cannot both succeed. Returns the user id, or null.
   */
  async claimResetToken(tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId ?? null;
  }

  /** After a reset, the user's other outstanding links stop working too. */
  async revokeUserTokens(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }
}
