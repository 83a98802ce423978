import type { Logger } from '@nestjs/common';

/**
 * Reads a version (a number a statement trigger bumps with every committed write, and anything
 * else the caller adds to it) every `pollMs`, and calls `changed` when it differs from the last
 * one read. What an in-memory copy of database rows needs to stay correct across API instances
 * (the catalogue's answers, the signed-in accounts): a write on any instance reaches every copy
 * within one poll, and `fresh()` says whether the version was read within two polls, past which
 * a copy must not be used (database down, event loop stalled).
 */
export class VersionPoll {
  private seen: string | null = null;
  /** start time of the last read that succeeded (what the copy is known fresh up to) */
  private verifiedAt = 0;
  private checking: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly opts: {
      /** what is read: its change is what counts */
      read: () => Promise<string>;
      pollMs: number;
      /** called when the version changed since the last read (not on the first) */
      changed: () => void;
      logger: Logger;
      /** what the version is of, for the log */
      what: string;
    },
  ) {}

  /** Reads it now, then every `pollMs`. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
  }

  /** Whether the version was read within the bound: a copy may be used. */
  fresh(): boolean {
    return Date.now() - this.verifiedAt <= 2 * this.opts.pollMs;
  }

  /** Reads the version now; the timer calls it every poll. Concurrent calls share one read. */
  check(): Promise<void> {
    this.checking ??= this.readNow().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Resolves once a read that started after this call has finished. */
  async checked(): Promise<void> {
    await this.checking;
    await this.check();
  }

  private async readNow(): Promise<void> {
    const started = Date.now();
    try {
      const version = await this.opts.read();
      if (version !== this.seen) {
        if (this.seen !== null) this.opts.changed();
        this.seen = version;
      }
      this.verifiedAt = started;
    } catch (err) {
      // the copy is not used past the bound (see fresh); say why once per failure
      this.opts.logger.warn(`${this.opts.what} not read: ${(err as Error).message}`);
    }
  }
}
