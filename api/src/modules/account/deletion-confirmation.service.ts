import { Injectable } from '@nestjs/common';
import { ACCOUNT_DELETION_ERRORS, toLang, type Lang } from '@circo/shared-contracts';
import { conflict } from '../../common/errors/app-error.js';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import type { AuthUser } from '../auth/index.js';
import { MailService } from '../mail/index.js';
import { UsersService } from '../users/index.js';
import { deletionMail } from './account-mail.js';
import { AccountService } from './account.service.js';

/** The job that e-mails the confirmation link of an account deletion. */
export const ACCOUNT_DELETION_JOB = 'account.deletion-confirm';
/** How long the confirmation link works. */
const TOKEN_TTL_MS = 3_600_000;

/** The asked deletion of an account: a durable job that e-mails its confirmation link. */
@Injectable()
export class DeletionConfirmationService {
  constructor(
    private readonly account: AccountService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
  ) {}

  @JobHandler(ACCOUNT_DELETION_JOB)
  protected runConfirmation(payload: JobPayload, job: JobContext): Promise<void> {
    return this.sendConfirmation(
      String(payload.userId),
      toLang(payload.lang),
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

  private async sendConfirmation(userId: string, lang: Lang, exp: number, job: JobContext) {
    const link = await this.account.confirmationLink(userId, exp);
    const contact = await this.users.contact(userId);
    if (!link || !contact || exp < Date.now()) return;
    await this.mail.send({ to: contact.email, ...deletionMail(lang, contact.name, link), job });
  }
}
