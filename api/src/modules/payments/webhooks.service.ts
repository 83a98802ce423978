import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_ERRORS } from '@circo/shared-contracts';
import { badRequest } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderEvent,
} from './providers/payment-provider.js';

/**
 * Another module's events (Stripe Billing's invoices and subscriptions, for memberships):
 * `prepare` reads from the provider what applying needs, before the transaction (no lock is held
 * while the provider answers); `apply` runs in the event's transaction, once per event id.
 */
export interface BillingEventHandler<T = unknown> {
  prepare(event: ProviderEvent): Promise<T>;
  apply(event: ProviderEvent, prepared: T): Promise<void>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const idOf = (v: unknown): string | undefined =>
  str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : undefined);

/**
 * POST /stripe/webhook: Stripe's signed events are the source of truth for what was paid and
 * refunded. Each event is applied in one transaction together with the record of its id, so a
 * redelivered event changes nothing and an event whose handling failed is applied on redelivery.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');
  private readonly handlers = new Map<string, BillingEventHandler>();

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly host: TransactionHost,
    private readonly repo: PaymentsRepository,
    private readonly payments: PaymentsService,
  ) {}

  /** Registers the handler of these event types (modules call it while they are built). */
  on<T>(types: readonly string[], handler: BillingEventHandler<T>): void {
    for (const type of types) this.handlers.set(type, handler as BillingEventHandler);
  }

  async handle(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (!rawBody || rawBody.length === 0) {
      throw badRequest(PAYMENT_ERRORS.badSignature, 'The webhook has no body');
    }
    const event = this.provider.verifyEvent(rawBody, signature);
    const handler = this.handlers.get(event.type);
    const prepared = handler ? await handler.prepare(event) : undefined;
    const duplicate = await this.host.run(async () => {
      if (!(await this.repo.markEventProcessed(event.id, event.type))) return true;
      if (handler) {
        await handler.apply(event, prepared);
        return false;
      }
      const o = event.object;
      switch (event.type) {
        case 'payment_intent.succeeded': {
          const id = str(o.id);
          const paymentId = str((o.metadata as Record<string, unknown> | undefined)?.paymentId);
          const payment =
            (paymentId && (await this.repo.findById(paymentId))) ||
            (id && (await this.repo.findByProviderObject(this.provider.name, id)));
          if (payment) await this.payments.fulfil(payment.id);
          else this.logger.warn(`${event.type} ${id}: no matching payment`);
          break;
        }
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          if (o.payment_status !== 'paid') break;
          const id = str(o.id);
          if (id) await this.payments.fulfilProviderObject(id, idOf(o.payment_intent));
          break;
        }
        case 'charge.refunded': {
          const intentId = idOf(o.payment_intent);
          const payment =
            intentId && (await this.repo.findByProviderObject(this.provider.name, intentId));
          // a partial refund (a goodwill gesture) keeps the access and gets a credit note of
          // what went back since the last one; the whole amount ends it
          if (o.refunded !== true) {
            this.logger.log(`partial refund of ${intentId}: access kept`);
            const refunded = typeof o.amount_refunded === 'number' ? o.amount_refunded : 0;
            if (payment && refunded > 0) {
              await this.payments.partialRefund(
                payment.id,
                `refund:${str(o.id) ?? intentId}:${refunded}`,
                refunded - (await this.payments.creditedCents(payment.id)),
              );
            }
            break;
          }
          if (payment) await this.payments.refundAccess(payment.id);
          else this.logger.warn(`${event.type} for ${intentId}: no matching payment`);
          break;
        }
        default:
          break;
      }
      return false;
    });
    return { received: true, duplicate };
  }
}
