import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe of a reminder. */
  headers?: Record<string, string>;
  /** Files sent with it (a receipt's invoice PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /**
   * The durable job sending it (common/jobs): a retry of the same job writes the same outbox file
   * and sends the same Message-ID, so a mail sent again after a crash is one mail to the reader.
   */
  job?: { key: string; createdAt: Date };
}

/** The job key as a file name and Message-ID part: letters, digits, `.`, `_`, `-`. */
const safeKey = (key: string) => key.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Sends e-mail through SMTP (nodemailer) when SMTP_URL is set; otherwise writes it to the outbox
 * folder ($DATA_DIR/outbox) and logs a line, so a local install needs no mail server.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  get outboxDir(): string {
    return join(this.config.dataDir, 'outbox');
  }

  async send({ job, ...message }: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.config.mailFrom,
        ...message,
        ...(job ? { messageId: `<${safeKey(job.key)}@circo.mail>` } : {}),
      });
      this.logger.log(`sent "${message.subject}" to ${message.to}`);
      return;
    }
    await mkdir(this.outboxDir, { recursive: true });
    // named by when it was asked for (readers sort by name) and by what asked
    const file = join(
      this.outboxDir,
      `${(job?.createdAt ?? new Date()).toISOString().replace(/[:.]/g, '-')}-${job ? safeKey(job.key) : randomUUID()}.json`,
    );
    const { attachments, ...rest } = message;
    await writeFile(
      file,
      JSON.stringify(
        {
          from: this.config.mailFrom,
          ...rest,
          // an attachment travels inside the mail's file, as base64 (one file per mail)
          ...(attachments?.length && {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              base64: a.content.toString('base64'),
            })),
          }),
          createdAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    this.logger.log(`outbox: "${message.subject}" to ${message.to} -> ${file}\n${message.text}`);
  }
}
