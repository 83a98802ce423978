import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LANG,
  USER_ERRORS,
  type Lang,
  type LoginResponse,
  type MessageResponse,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { BackgroundQueue } from '../../common/background/background-queue.js';
import { AppError } from '../../common/errors/app-error.js';
import { Transactional } from '../../database/transactions.js';
import type { TokenPayload } from './auth-user.js';
import { MailService } from '../mail/mail.service.js';
import { resetPasswordMail } from '../mail/templates.js';
import { UsersService } from '../users/users.service.js';
import { AuthRepository } from './auth.repository.js';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_MESSAGE =
  "We've sent you an email with instructions to reset your password.";

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly repo: AuthRepository,
    private readonly mail: MailService,
    private readonly background: BackgroundQueue,
  ) {}

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
   * is sent at once: the lookup, the token and the mail run in the background queue, so neither
   * the answer nor its timing reveals which e-mails have accounts (and a slow SMTP server does not
   * hold the request). A failure there is logged.
   */
  forgotPassword(email: string, lang: Lang = DEFAULT_LANG): Promise<MessageResponse> {
    this.background.enqueue('password reset mail', () => this.sendResetLink(email, lang));
    return Promise.resolve({ message: FORGOT_PASSWORD_MESSAGE });
  }

  private async sendResetLink(email: string, lang: Lang): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertResetToken(
      user.id,
      sha256(token),
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    );
    const link = `${this.config.publicUrl}/reset-password/${token}`;
    try {
      await this.mail.send({ to: user.email, ...resetPasswordMail(lang, user.name, link) });
    } catch (err) {
      this.logger.error(`reset mail to ${user.email} failed`, (err as Error).stack);
    }
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
