import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_LANG,
  USER_ERRORS,
  type Lang,
  type LoginResponse,
  type MessageResponse,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { AppError } from '../../common/errors/app-error.js';
import { Transactional } from '../../database/transactions.js';
import type { TokenPayload } from './auth-user.js';
import { MailService, resetPasswordMail } from '../mail/index.js';
import { UsersService } from '../users/index.js';
import { AuthRepository } from './auth.repository.js';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_MESSAGE =
  "We've sent you an email with instructions to reset your password.";

/** The job kind of a password-reset e-mail. */
export const RESET_MAIL_JOB = 'auth.reset-mail';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly repo: AuthRepository,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
  ) {}

  @JobHandler(RESET_MAIL_JOB)
  protected runResetMail(payload: JobPayload, job: JobContext): Promise<void> {
    return this.sendResetLink(String(payload.email), payload.lang as Lang, job);
  }

  async login(email: string, password: string): Promise<LoginResponse> {
    const user = await this.users.checkCredentials(email, password);
    if (!user) {
      throw new AppError(
        401,
        USER_ERRORS.invalidCredentials,
        'Login failed. Please check your credentials and try again.',
      );
    }
    const payload: TokenPayload = { sub: user.id, role: user.role, ver: user.tokenVersion };
    return { token: await this.jwt.signAsync(payload) };
  }

  /**
   * Mails a single-use reset link when the account exists. The answer is the same either way and
   * is sent at once: the request only writes a durable job (the same one insert for any e-mail);
   * the lookup, the token and the mail run in that job, so neither the answer nor its timing
   * reveals which e-mails have accounts, a slow SMTP server does not hold the request, and a
   * crash or a mail server away for a while loses no reset mail (retried, common/jobs).
   */
  async forgotPassword(email: string, lang: Lang = DEFAULT_LANG): Promise<MessageResponse> {
    await this.jobs.enqueue(RESET_MAIL_JOB, { email, lang }, { key: `reset-mail:${randomUUID()}` });
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /**
   * A retry (the mail failed) makes a new link: the earlier one was never seen by anyone, and a
   * link's hash is all the database keeps.
   */
  private async sendResetLink(email: string, lang: Lang, job: JobContext): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertResetToken(
      user.id,
      sha256(token),
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    );
    const link = `${this.config.publicUrl}/reset-password/${token}`;
    await this.mail.send({ to: user.email, ...resetPasswordMail(lang, user.name, link), job });
  }

  /** Claims the link, sets the password and ends earlier sessions and links: all or nothing. */
  @Transactional()
  async resetPassword(token: string, newPassword: string): Promise<MessageResponse> {
    const invalid = () =>
      new AppError(
        400,
        USER_ERRORS.resetTokenInvalid,
        'This reset link is invalid, was already used or has expired',
      );
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
    const now = new Date();
    const userId = await this.repo.claimResetToken(sha256(token), now);
    if (!userId) throw invalid();
    await this.users.setPassword(userId, newPassword);
    await this.repo.revokeUserTokens(userId, now);
    return { message: 'Password updated successfully. You can now log in.' };
  }
}
