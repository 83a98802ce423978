import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Lang } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { receiptMail } from '../mail/templates.js';
import { PurchasesService } from '../purchases/purchases.service.js';
import { UsersService } from '../users/users.service.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * The receipt e-mail of a paid order: its items, amounts and access end dates, in the language the
 * buyer paid in. Sent after the purchase is committed, without holding up the answer; a mail
 * failure is logged and loses nothing (the purchase stands, My Courses shows it).
 */
@Injectable()
export class ReceiptsService {
  private readonly logger = new Logger('Receipts');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: PaymentsRepository,
    private readonly purchases: PurchasesService,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  /** Starts sending the receipt of `paymentId` and returns at once. */
  send(paymentId: string): void {
    const job = this.deliver(paymentId)
      .catch((err: unknown) =>
        this.logger.error(`receipt of payment ${paymentId} not sent`, err as Error),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Waits for the receipts being sent (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(paymentId: string): Promise<void> {
    const payment = await this.repo.findById(paymentId);
    if (!payment?.userId) return;
    const buyer = await this.users.contact(payment.userId);
    if (!buyer) return;
    const lang = (['es', 'en', 'fr'].includes(payment.lang) ? payment.lang : 'es') as Lang;
    const grants = new Map(
      (await this.purchases.grantsOfPayment(payment.id)).map((g) => [
        `${g.itemType}:${g.itemId}`,
        g,
      ]),
    );
    const lines = (await this.repo.items(payment.id)).flatMap((item) => {
      const grant = grants.get(`${item.itemType}:${item.itemId}`);
      if (!grant) return [];
      return [
        {
          title: item.title[lang] || item.title.es || item.title.en || item.title.fr,
          priceCents: item.priceCents,
          listPriceCents: item.listPriceCents,
          discountName: item.discountName,
          accessEndsAt: grant.expiresAt,
        },
      ];
    });
    if (lines.length === 0) return;
    const total = lines.reduce((sum, l) => sum + l.priceCents, 0);
    await this.mail.send({
      to: buyer.email,
      ...receiptMail(lang, buyer.name, lines, total, `${this.config.publicUrl}/mis-cursos`),
    });
  }
}
