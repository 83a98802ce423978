import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import PQueue from 'p-queue';

/** At most this many tasks run at once (a slow SMTP server holds a slot per mail). */
const CONCURRENCY = 4;
/** Tasks waiting beyond this are dropped (and logged): a flood cannot grow memory without end. */
const MAX_WAITING = 1000;

/**
 * A small in-process queue for work a request starts but does not wait for (the password-reset
 * e-mail), so the answer does not depend on that work's timing. A failing task is logged, never
 * thrown at the caller. The app's shutdown waits for the queued tasks (before the database closes).
 */
@Injectable()
export class BackgroundQueue implements OnModuleDestroy {
  private readonly logger = new Logger('Background');
  private readonly queue = new PQueue({ concurrency: CONCURRENCY });

  /** Queues `task`; returns at once. */
  enqueue(name: string, task: () => Promise<void>): void {
    if (this.queue.size >= MAX_WAITING) {
      this.logger.error(`${name} dropped: ${MAX_WAITING} background tasks are already waiting`);
      return;
    }
    this.queue.add(task).catch((err: unknown) => {
      this.logger.error(`${name} failed`, err instanceof Error ? err.stack : String(err));
    });
  }

  /** Resolves once every queued task has finished (shutdown; tests that read what a task wrote). */
  idle(): Promise<void> {
    return this.queue.onIdle();
  }

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }
}
