import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_ERRORS,
  type RegisterResponse,
  type UserPreferences,
  type UserProfile,
} from '@circo/shared-contracts';
import type { AuthAccount, AuthUser } from '../auth/index.js';
import { notFound } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import { ProgressService } from '../progress/index.js';
import { AccountCache } from './account-cache.js';
import { PasswordHasher } from './password-hasher.js';
import { UsersRepository } from './users.repository.js';
import type { UserRow } from '../../database/tables/users.table.js';
import type { RegisterDto } from './dto/register.dto.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly progress: ProgressService,
    private readonly passwords: PasswordHasher,
    private readonly accounts: AccountCache,
    private readonly host: TransactionHost,
  ) {}

  async register(dto: RegisterDto): Promise<RegisterResponse> {
    const user = await this.repo.insert({
      name: dto.name,
      surname: dto.surname,
      email: dto.email,
      passwordHash: await this.passwords.hash(dto.password),
      role: 'user',
    });
    return {
      message: 'User created successfully. You can now log in.',
      user: {
        _id: user.id,
        name: user.name,
        surname: user.surname,
        email: user.email,
        role: user.role,
      },
    };
  }

  /**
   * The account behind a token, or null when it no longer exists. A database failure propagates
   * (the API answers 503): an outage is not a logout.
   */
  async findAuthAccount(id: string): Promise<AuthAccount | null> {
    const load = () => this.repo.findAuthAccount(id);
    // in a transaction, what it sees (maybe its own change, not committed): never from or into the copy
    return (await (this.host.inTransaction ? load() : this.accounts.get(id, load))) ?? null;
  }

  /**
   * Says that account `id` changed or went (its password, role or names): this instance's copy
   * drops it once the open transaction commits, or now; the others within one poll
   * (AccountCache).
   */
  async accountChanged(id: string): Promise<void> {
    await this.host.afterCommit(() => this.accounts.forget(id));
  }

  /**
   * Name and e-mail to write to (receipts, invoices), or undefined when the account is gone:
   * this instance's copy of signed-in accounts answers when it holds it (a buyer who just paid),
   * also in a transaction, which never writes into it (findAuthAccount).
   */
  async contact(id: string): Promise<{ name: string; email: string } | undefined> {
    const account = this.accounts.peek(id) ?? (await this.findAuthAccount(id));
    return account ? { name: account.name, email: account.email } : undefined;
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.repo.findByEmail(email);
  }

  /** The user whose e-mail and password match, or null (the same time is spent either way). */
  async checkCredentials(email: string, password: string): Promise<UserRow | null> {
    const user = await this.repo.findByEmail(email);
    const ok = await this.passwords.verify(password, user?.passwordHash ?? null);
    return ok && user ? user : null;
  }

  /** Sets the password; sessions issued before it end (the token version is bumped). */
  async setPassword(id: string, password: string): Promise<void> {
    await this.repo.updatePassword(id, await this.passwords.hash(password));
    await this.accountChanged(id);
  }

  /** GET /users/me/preferences */
  async preferences(id: string): Promise<UserPreferences> {
    const user = await this.repo.findById(id);
    if (!user) throw notFound(ACCOUNT_ERRORS.userNotFound, 'User not found');
    return { reminders: !user.remindersOptOut };
  }

  /** PUT /users/me/preferences, and the opt-out link of every reminder. */
  async setPreferences(id: string, prefs: UserPreferences): Promise<UserPreferences> {
    if (!(await this.repo.setRemindersOptOut(id, !prefs.reminders))) {
      throw notFound(ACCOUNT_ERRORS.userNotFound, 'User not found');
    }
    return { reminders: prefs.reminders };
  }

  /** GET /auth/perfil: the caller as the guard read it, and its progress (one query). */
  async profile(user: AuthUser): Promise<UserProfile> {
    const progress = await this.progress.listForUser(user.id);
    return {
      _id: user.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      role: user.role,
      progresoCursos: progress.courses,
      progresoFormaciones: progress.formations,
    };
  }
}
