import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { JobHandler, JobsService } from '../jobs/index.js';
import { isDatabaseUnavailable } from '../../database/db-errors.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { LocalPaymentProvider } from './providers/local-payment.provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/** How often paid-but-unregistered local payments are looked for, and how far back. */
const EVERY_MS = 30_000;
const LOOK_BACK_MS = 7 * 24 * 3600 * 1000;

/**
 * The local test provider's stand-in for Stripe's webhook redelivery. A card paid on the local
 * provider is registered by the same request; when that request died between the two (the API
 * killed, the database away), nothing else would ever register it if the buyer does not come back
 * to /pago-exitoso. So at start and every 30 s, each paid local PaymentIntent whose payment has no
 * registered items is fulfilled (exactly once: the same locked fulfilment as every other path).
 * The 30 s rounds are a scheduled durable job (common/jobs): one round per period across all
 * instances. With Stripe, its webhooks (redelivered until answered 2xx) do this.
 */
export const RECONCILE_JOB = 'payments.reconcile';

@Injectable()
export class PaymentsReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Payments');
  /** The last run asked for: runs go one after another. */
  private last: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly local: LocalPaymentProvider,
    private readonly repo: PaymentsRepository,
    private readonly payments: PaymentsService,
    private readonly jobs: JobsService,
  ) {}

  @JobHandler(RECONCILE_JOB)
  protected async runReconcile(): Promise<void> {
    if (this.provider.name === 'local') await this.runOnce();
  }

  onApplicationBootstrap(): void {
    if (this.provider.name !== 'local') return;
    // this instance's start: what a killed one left paid and unregistered is registered now
    void this.runOnce();
    this.jobs.every(RECONCILE_JOB, EVERY_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.last;
  }

  /**
   * Registers what was paid and not registered (after any round already running); resolves to
   * how many payments it completed.
   */
  runOnce(): Promise<number> {
    const run = this.last.then(async () => {
      try {
        return await this.reconcile(new Date());
      } catch (err) {
        // the database away: the next round retries
        if (!isDatabaseUnavailable(err)) this.logger.error('reconciling payments failed', err);
        return 0;
      }
    });
    this.last = run;
    return run;
  }

  private async reconcile(now: Date): Promise<number> {
    const paid = await this.local.paidSince(new Date(now.getTime() - LOOK_BACK_MS));
    const open = await this.repo.unfulfilledOf(
      'local',
      paid.map((p) => p.objectId),
    );
    const intentOf = new Map(paid.map((p) => [p.objectId, p.intentId]));
    for (const payment of open) {
      await this.payments.fulfilProviderObject(
        payment.providerPaymentId,
        intentOf.get(payment.providerPaymentId),
      );
      this.logger.warn(
        `payment ${payment.id} was paid but not registered (interrupted): registered now`,
      );
    }
    return open.length;
  }
}
