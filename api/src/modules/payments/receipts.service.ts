import { Inject, Injectable } from '@nestjs/common';
import type { Lang } from '@circo/shared-contracts';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { InvoicesService } from '../invoicing/index.js';
import { MailService, receiptMail } from '../mail/index.js';
import { PurchasesService } from '../purchases/index.js';
import { UsersService } from '../users/index.js';
import { PaymentsRepository } from './payments.repository.js';

/** The job kind of a receipt. */
export const RECEIPT_JOB = 'receipt.send';

/**
 * The receipt e-mail of a paid order: its items, amounts and access end dates, in the language the
 * buyer paid in. A durable job written in the purchase's transaction (common/jobs), so it is sent
 * once the purchase is committed, after a crash or a restart too, retried while the mail server is
 * away; the answer does not wait for it. One receipt per payment: the job's key.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: PaymentsRepository,
    private readonly purchases: PurchasesService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly invoices: InvoicesService,
  ) {}

  @JobHandler(RECEIPT_JOB)
  protected runReceipt(payload: JobPayload, job: JobContext): Promise<void> {
    return this.deliver(String(payload.paymentId), job);
  }

  /** Writes the receipt job of `paymentId` in the open transaction (sent once it commits). */
  async send(paymentId: string): Promise<void> {
    await this.jobs.enqueue(RECEIPT_JOB, { paymentId }, { key: `receipt:${paymentId}` });
  }

  private async deliver(paymentId: string, job: JobContext): Promise<void> {
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
    const invoice = await this.invoices.ofPayment(payment.id);
    await this.mail.send({
      to: buyer.email,
      ...receiptMail(
        lang,
        buyer.name,
        lines,
        total,
        `${this.config.publicUrl}/mis-cursos`,
        invoice?.row.number,
      ),
      ...(invoice && {
        attachments: [
          {
            filename: `${invoice.row.number}.pdf`,
            content: Buffer.from(invoice.bytes),
            contentType: 'application/pdf',
          },
        ],
      }),
      job,
    });
  }
}
