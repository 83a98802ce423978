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
import type { AuthAccount } from '../auth/auth-user.js';
import { accountsVersion } from './users.table.js';

/**
 * The accounts of signed-in requests, kept in memory per API instance (issue 25): every signed-in
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
  private readonly accounts = new Map<string, AuthAccount>();
  private readonly readVersion;
  private readonly pollMs: number;
  private readonly maxEntries: number;
  /** bumped by every forget and emptying: a read started before one is not kept */
  private gen = 0;
  private seenVersion: number | null = null;
  /** start time of the last version read that succeeded (what the copy is known fresh up to) */
  private verifiedAt = 0;
  private checking: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DB) db: Database) {
    this.pollMs = config.accountCache.pollMs;
    this.maxEntries = config.accountCache.maxEntries;
    this.readVersion = db
      .select({ version: accountsVersion.version })
      .from(accountsVersion)
      .where(eq(accountsVersion.id, 1))
      .prepare('accounts_version_read');
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.maxEntries === 0) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.pollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
  }

  /** The account `id`: from the copy when it is fresh, else from `load` (kept when still valid). */
  async get(
    id: string,
    load: () => Promise<AuthAccount | undefined>,
  ): Promise<AuthAccount | undefined> {
    const fresh = Date.now() - this.verifiedAt <= 2 * this.pollMs;
    if (fresh) {
      const hit = this.accounts.get(id);
      if (hit) {
        // the most recently used last (Map keeps insertion order)
        this.accounts.delete(id);
        this.accounts.set(id, hit);
        return hit;
      }
    }
    const gen = this.gen;
    const account = await load();
    // an account missing is not kept: the next request asks again (a new account is found at once)
    if (account && fresh && gen === this.gen && this.maxEntries > 0) {
      this.accounts.set(id, account);
      if (this.accounts.size > this.maxEntries) {
        this.accounts.delete(this.accounts.keys().next().value!);
      }
    }
    return account;
  }

  /** Drops `id` from this instance's copy now (call it once a change to it has committed). */
  forget(id: string): void {
    this.gen++;
    this.accounts.delete(id);
  }

  /**
   * Reads the accounts version now and empties the copy when it changed; the timer calls it every
   * poll interval. Concurrent calls share one read.
   */
  check(): Promise<void> {
    this.checking ??= this.read().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Resolves once a version read that started after this call has finished. */
  async checked(): Promise<void> {
    await this.checking;
    await this.check();
  }

  /** How many accounts are kept. */
  size(): number {
    return this.accounts.size;
  }

  private async read(): Promise<void> {
    const started = Date.now();
    try {
      const [row] = await this.readVersion.execute();
      const version = row?.version ?? 0;
      if (version !== this.seenVersion) {
        this.gen++;
        this.accounts.clear();
        this.seenVersion = version;
      }
      this.verifiedAt = started;
    } catch (err) {
      // the copy is not used past the bound (see get); say why once per failure
      this.logger.warn(`accounts version not read: ${(err as Error).message}`);
    }
  }
}
