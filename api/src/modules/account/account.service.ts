import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_DELETION_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactional } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { PracticeClipsService } from '../practice-clips/index.js';
import { UsersService } from '../users/index.js';
import { AccountRepository } from './account.repository.js';

const tokenInvalid = () =>
  new AppError(
    400,
    ACCOUNT_DELETION_ERRORS.tokenInvalid,
    'This confirmation link is not valid or has expired',
    {
      errors: [
        {
          field: 'token',
          code: ACCOUNT_DELETION_ERRORS.tokenInvalid,
          message: 'invalid or expired',
        },
      ],
    },
  );

/**
 * A student's account is theirs to delete (their data to download is AccountExportService's). A
 * deletion is confirmed by e-mail (a signed link, valid 1 hour, void after a password change:
 * DeletionConfirmationService sends it); then the account, its access, progress and reminders
 * go, and its payments stay as accounting rows without a person.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: AccountRepository,
    private readonly users: UsersService,
    private readonly practiceClips: PracticeClipsService,
  ) {}

  /** DELETE /users/me with the e-mailed token: the account goes, its payments stay anonymous. */
  @Transactional()
  async confirmDeletion(user: AuthUser, token: string): Promise<void> {
    if (user.role === 'admin') throw tokenInvalid();
    const claims = this.verify(token);
    if (!claims || claims.u !== user.id || claims.exp < Date.now()) throw tokenInvalid();
    const account = await this.users.findAuthAccount(user.id);
    if (!account || account.tokenVersion !== claims.v) throw tokenInvalid();
    // the practice clips' rows go with the account; their files by a job written with it
    await this.practiceClips.discardFilesOfStudent(user.id);
    await this.repo.remove(user.id);
    await this.users.accountChanged(user.id);
    this.logger.log(`account ${user.id} deleted by its owner (payments kept without it)`);
  }

  /**
   * The confirmation link of the account's deletion, signed for its current token version and
   * valid until `exp`; undefined when the account is gone.
   */
  async confirmationLink(userId: string, exp: number): Promise<string | undefined> {
    const account = await this.users.findAuthAccount(userId);
    if (!account) return undefined;
    const token = this.sign({ u: userId, v: account.tokenVersion, exp });
    return `${this.config.publicUrl}/mis-cursos?eliminar-cuenta=${encodeURIComponent(token)}`;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.config.jwtSecret)
      .update(`account-deletion:${body}`)
      .digest('base64url');
  }

  private sign(claims: { u: string; v: number; exp: number }): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  private verify(token: string): { u: string; v: number; exp: number } | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      if (
        typeof claims.u !== 'string' ||
        typeof claims.v !== 'number' ||
        typeof claims.exp !== 'number'
      ) {
        return null;
      }
      return { u: claims.u, v: claims.v, exp: claims.exp };
    } catch {
      return null;
    }
  }
}
