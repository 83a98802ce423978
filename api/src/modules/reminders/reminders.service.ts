import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { toLang, type Lang } from '@circo/shared-contracts';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Transactional } from '../../database/transactions.js';
import { MailService } from '../mail/index.js';
import { UsersService } from '../users/index.js';
import { reminderMail, type ReminderKind } from './reminder-mail.js';
import { RemindersRepository } from './reminders.repository.js';

/** The scheduled look for reminders due (once per REMINDERS_SCAN_MS across instances). */
export const REMINDERS_SCAN_JOB = 'reminders.scan';
/** One reminder's e-mail (key `reminder:<row id>`: sent once). */
export const REMINDER_SEND_JOB = 'reminders.send';

/**
 * Access reminders: an e-mail in the student's language when access to an item ends in 30, 7 and
 * 1 days (the time-left badge's thresholds) and once it has ended, each with a renew link that
 * opens /pago-embed with that item in the cart, and a link that stops them. A scheduled job finds
 * the reminders due and writes each as a row (unique per access period and threshold) and a mail
 * job in one transaction: two instances running the scan at once send each reminder once. Never
 * to an account that opted out; `REMINDERS=false` turns them off.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Reminders');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: RemindersRepository,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
  ) {
    if (config.reminders.enabled) jobs.every(REMINDERS_SCAN_JOB, config.reminders.scanMs);
  }

  @JobHandler(REMINDERS_SCAN_JOB)
  protected async runScan(): Promise<void> {
    const n = await this.scan();
    if (n > 0) this.logger.log(`${n} access reminder(s) to send`);
  }

  @JobHandler(REMINDER_SEND_JOB)
  protected runSend(payload: JobPayload, job: JobContext): Promise<void> {
    return this.deliver(String(payload.reminderId), job);
  }

  /** Writes the reminders due at `now` and their mail jobs; answers how many. */
  @Transactional()
  async scan(now = new Date()): Promise<number> {
    if (!this.config.reminders.enabled) return 0;
    const due = await this.repo.insertDue(now);
    for (const r of due) {
      await this.jobs.enqueue(REMINDER_SEND_JOB, { reminderId: r.id }, { key: `reminder:${r.id}` });
    }
    return due.length;
  }

  private async deliver(id: string, job: JobContext): Promise<void> {
    if (!this.config.reminders.enabled) return;
    const r = await this.repo.forMail(id);
    // gone with its account, opted out since, or the access changed (renewed, extended, ended by
    // hand): the reminder no longer tells the truth
    if (!r || r.optOut || !r.title) return;
    if (r.currentExpiresAt?.getTime() !== r.expiresAt.getTime()) return;
    const lang = toLang(r.lang);
    const title = r.title[lang] || r.title.es || r.title.en || r.title.fr;
    const optOut = this.optOutLink(r.userId, lang);
    await this.mail.send({
      to: r.email,
      ...reminderMail(
        lang,
        r.name,
        title,
        r.expiresAt,
        r.daysBefore as ReminderKind,
        this.renewLink(r.itemType, r.itemId),
        optOut,
      ),
      headers: {
        'List-Unsubscribe': `<${optOut}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      job,
    });
  }

  /** /pago-embed with the item put in the cart (after logging in when needed). */
  renewLink(itemType: string, itemId: string): string {
    return `${this.config.publicUrl}/pago-embed?renovar=${itemType}:${itemId}`;
  }

  optOutLink(userId: string, lang: Lang): string {
    return `${this.config.publicUrl}/api/reminders/opt-out?u=${userId}&s=${this.sign(userId)}&lang=${lang}`;
  }

  /** The opt-out link's signature: HMAC-SHA256 of the user id under the server's secret. */
  private sign(userId: string): string {
    return createHmac('sha256', this.config.jwtSecret)
      .update(`reminders-opt-out:${userId}`)
      .digest('base64url');
  }

  /** The opt-out link: true when its signature is right (and the account exists). */
  async optOut(userId: string, signature: string): Promise<boolean> {
    const want = Buffer.from(this.sign(userId));
    const got = Buffer.from(signature);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    try {
      await this.users.setPreferences(userId, { reminders: false });
      return true;
    } catch {
      return false;
    }
  }
}
