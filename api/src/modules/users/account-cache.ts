import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DB } from '../../database/database.module.js';
import type { Database } from '../../database/database.js';
import type { AuthAccount } from '../auth/index.js';
import { VersionPoll, type VersionedCache } from '../../common/version-poll.js';
import { accountsVersion } from '../../database/tables/users.table.js';

/**
 * The accounts of signed-in requests, kept in memory per API instance: every signed-in
 * request needs its caller's account (role, names, token version), and reading it was about a
 * fifth of the statements of a launch-day visit.
 *
 * Staying correct across instances, as the catalogue's cache does: every statement that changes or
 * removes accounts bumps `accounts_version` in its own transaction (a statement trigger on
 * `users`), and each instance reads that number every `ACCOUNT_CACHE_POLL_MS` (default 1 s): a
 * changed number empties the copy. So a password reset (which bumps the token version and ends
 * older sessions), a role change or a deleted account reaches every instance within one poll, and
 * this instance at once (`forget`, called when its own change commits). When the number has not
 * been read for two intervals (database down, event loop stalled) the copy is not used: no
 * account is ever served more than 2 x ACCOUNT_CACHE_POLL_MS after a change. At most
 * `ACCOUNT_CACHE_MAX` accounts, the least recently used going first.
 */
@Injectable()
export class AccountCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AccountCache');
  private readonly maxEntries: number;
  private readonly version: VersionPoll;
  private readonly accounts: VersionedCache<AuthAccount>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DB) db: Database) {
    this.maxEntries = config.accountCache.maxEntries;
    const read = db
      .select({ version: accountsVersion.version })
      .from(accountsVersion)
      .where(eq(accountsVersion.id, 1))
      .prepare('accounts_version_read');
    this.version = new VersionPoll({
      read: async () => String((await read.execute())[0]?.version ?? 0),
      pollMs: config.accountCache.pollMs,
      logger: this.logger,
      what: 'accounts version',
    });
    this.accounts = this.version.cache({ max: this.maxEntries, lru: true });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.maxEntries > 0) await this.version.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.version.stop();
  }

  /** The account `id`: from the copy when it is fresh, else from `load` (kept when still valid). */
  async get(
    id: string,
    load: () => Promise<AuthAccount | undefined>,
  ): Promise<AuthAccount | undefined> {
    const fresh = this.accounts.fresh();
    const hit = this.accounts.get(id);
    if (hit) return hit;
    const ticket = this.accounts.ticket();
    const account = await load();
    // an account missing is not kept: the next request asks again (a new account is found at once)
    if (account && fresh) this.accounts.set(id, account, ticket);
    return account;
  }

  /** The account `id` when the copy holds it and is fresh; nothing is read. */
  peek(id: string): AuthAccount | undefined {
    return this.accounts.get(id);
  }

  /** Drops `id` from this instance's copy now (call it once a change to it has committed). */
  forget(id: string): void {
    this.accounts.forget(id);
  }

  /** Reads the accounts version now (the timer does it every poll interval). */
  check(): Promise<void> {
    return this.version.check();
  }

  /** Resolves once a version read that started after this call has finished. */
  checked(): Promise<void> {
    return this.version.checked();
  }
}
