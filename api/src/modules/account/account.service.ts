import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_DELETION_ERRORS, LANGUAGES, type Lang } from '@circo/shared-contracts';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { AppError, conflict } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactional } from '../../database/transactions.js';
import type { AuthUser } from '../auth/index.js';
import { MailService } from '../mail/index.js';
import { PracticeClipsService } from '../practice-clips/index.js';
import { UsersService } from '../users/index.js';
import { deletionMail } from './account-mail.js';
import { AccountRepository } from './account.repository.js';

/** The job that e-mails the confirmation link of an account deletion. */
export const ACCOUNT_DELETION_JOB = 'account.deletion-confirm';
/** How long the confirmation link works. */
const TOKEN_TTL_MS = 3_600_000;

const asLang = (l: unknown): Lang =>
  (LANGUAGES as readonly unknown[]).includes(l) ? (l as Lang) : 'es';
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
 * deletion is confirmed by e-mail (a signed link, valid 1 hour, void after a password change); then the account, its access, progress and reminders go, and its payments stay as
 * accounting rows without a person.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: AccountRepository,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly practiceClips: PracticeClipsService,
  ) {}

  @JobHandler(ACCOUNT_DELETION_JOB)
  protected runConfirmation(payload: JobPayload, job: JobContext): Promise<void> {
    return this.sendConfirmation(
      String(payload.userId),
      asLang(payload.lang),
      Number(payload.exp),
      job,
    );
  }

  /** DELETE /users/me without a token: e-mails the confirmation link (a durable job). */
  async requestDeletion(user: AuthUser, lang: Lang): Promise<void> {
    if (user.role === 'admin') {
      throw conflict(
        ACCOUNT_DELETION_ERRORS.adminAccount,
        'An admin account cannot be deleted here: ask another admin to change its role first',
      );
    }
    const exp = Date.now() + TOKEN_TTL_MS;
    await this.jobs.enqueue(
      ACCOUNT_DELETION_JOB,
      { userId: user.id, lang, exp },
      { key: `account-deletion:${user.id}:${exp}` },
    );
  }

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

  private async sendConfirmation(userId: string, lang: Lang, exp: number, job: JobContext) {
    const account = await this.users.findAuthAccount(userId);
    const contact = await this.users.contact(userId);
    if (!account || !contact || exp < Date.now()) return;
    const token = this.sign({ u: userId, v: account.tokenVersion, exp });
    const link = `${this.config.publicUrl}/mis-cursos?eliminar-cuenta=${encodeURIComponent(token)}`;
    await this.mail.send({ to: contact.email, ...deletionMail(lang, contact.name, link), job });
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
