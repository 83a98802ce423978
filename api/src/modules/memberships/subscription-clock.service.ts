import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatUsd, fromCents, type Lang } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import type { SubscriptionRow } from '../../database/tables/memberships.table.js';
import { JobsService, type JobContext } from '../jobs/index.js';
import { MailService } from '../mail/index.js';
import { PaymentsService, SubscriptionPaymentsService } from '../payments/index.js';
import { UsersService } from '../users/index.js';
import {
  MEMBERSHIP_MAIL_JOB,
  MEMBERSHIP_MAIL_KINDS,
  membershipMail,
  PER_INTERVAL,
  type MembershipMailKind,
} from './membership-mails.js';
import { graceEnd } from './periods.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** The scheduled look for periods that end (local provider: once per MEMBERSHIP_CLOCK_MS). */
export const MEMBERSHIP_CLOCK_JOB = 'memberships.clock';
/** Renews (or ends) one subscription whose period ended. */
export const MEMBERSHIP_RENEW_JOB = 'memberships.renew';
/** The look for yearly renewals to announce (every provider: Stripe's clock sends us none). */
export const MEMBERSHIP_UPCOMING_JOB = 'memberships.upcoming';
/** A yearly renewal is announced this long before it. */
const UPCOMING_MS = 7 * 86_400_000;
const UPCOMING_EVERY_MS = 3_600_000;
const BATCH = 200;

/**
 * The local test provider's billing clock (Stripe keeps its own and tells us by webhooks): a
 * period that ends is charged again on the saved card, its subscription cancelled at the
 * period's end ends, a declined renewal is past due for the grace period and then ends. Each step
 * is a durable job keyed by the subscription and the period, so two instances do it once.
 */
@Injectable()
export class SubscriptionClockService {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: SubscriptionsRepository,
    private readonly host: TransactionHost,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: SubscriptionPaymentsService,
    private readonly fulfilment: PaymentsService,
    private readonly jobs: JobsService,
    private readonly mails: MailService,
    private readonly users: UsersService,
  ) {
    jobs.register(MEMBERSHIP_CLOCK_JOB, async () => {
      const n = await this.tick();
      if (n > 0) this.logger.log(`${n} membership period(s) ended: renewing or ending`);
    });
    jobs.register(MEMBERSHIP_RENEW_JOB, (payload) =>
      this.renew(String(payload.subscriptionId)).then(() => undefined),
    );
    jobs.register(MEMBERSHIP_MAIL_JOB, (payload, job) =>
      this.deliver(
        String(payload.subscriptionId),
        payload.kind as MembershipMailKind,
        job,
        typeof payload.link === 'string' ? payload.link : undefined,
      ),
    );
    jobs.register(MEMBERSHIP_UPCOMING_JOB, async () => {
      const n = await this.announce();
      if (n > 0) this.logger.log(`${n} yearly renewal(s) announced`);
    });
    if (payments.providerName === 'local')
      jobs.every(MEMBERSHIP_CLOCK_JOB, config.memberships.clockMs);
    jobs.every(MEMBERSHIP_UPCOMING_JOB, UPCOMING_EVERY_MS);
  }

  /** Writes a renewal job per subscription whose period (or grace) ended by `now`. */
  async tick(now = new Date()): Promise<number> {
    const due = await this.repo.due(now, BATCH);
    for (const s of due) {
      const at = (s.status === 'past_due' ? s.graceUntil : s.currentPeriodEnd)!;
      await this.jobs.enqueue(
        MEMBERSHIP_RENEW_JOB,
        { subscriptionId: s.id },
        { key: `membership-renew:${s.id}:${s.status}:${at.toISOString()}` },
      );
    }
    return due.length;
  }

  /**
   * Announces the yearly renewals of the coming week: one e-mail per subscription and period (its
   * key), in the student's language, written as a job. Answers how many it wrote now.
   */
  async announce(now = new Date()): Promise<number> {
    let written = 0;
    for (const s of await this.repo.renewingBetween(now, new Date(now.getTime() + UPCOMING_MS))) {
      if (s.interval !== 'year') continue;
      if (await this.subscriptions.mail(s.id, 'upcoming', s.currentPeriodEnd!.toISOString())) {
        written++;
      }
    }
    return written;
  }

  /**
   * One subscription whose period ended: ends it (cancelled at the period's end, or its grace
   * over), or charges the saved card for the next period. Answers what it did.
   */
  async renew(id: string, now = new Date()): Promise<'ended' | 'renewed' | 'past_due' | 'nothing'> {
    const step = await this.host.run(async () => {
      const sub = await this.repo.lock(id);
      if (!sub) return null;
      if (sub.status === 'past_due' && sub.graceUntil && sub.graceUntil <= now) {
        await this.subscriptions.end(sub, sub.graceUntil);
        return null;
      }
      if (sub.status !== 'active' || !sub.currentPeriodEnd || sub.currentPeriodEnd > now) {
        return null;
      }
      if (sub.cancelAtPeriodEnd) {
        await this.subscriptions.end(sub, sub.currentPeriodEnd);
        return null;
      }
      const periods = await this.repo.periodsOf(sub.id);
      const paidWith = periods.at(-1)?.paymentId;
      if (!paidWith) return null;
      let dueId = sub.duePaymentId;
      if (!dueId) {
        // the plan's newer price, told of with notice, applies from this renewal on
        const moved = sub.newPriceFrom !== null && sub.newPriceFrom <= sub.currentPeriodEnd;
        const priceCents = moved ? sub.newPriceCents! : sub.priceCents;
        if (moved) {
          await this.repo.update(sub.id, { priceCents, newPriceCents: null, newPriceFrom: null });
        }
        dueId = (
          await this.payments.reserve({
            userId: sub.userId,
            amountCents: priceCents,
            lang: sub.lang as Lang,
          })
        ).id;
        await this.repo.update(sub.id, { duePaymentId: dueId });
      }
      return { sub, dueId, paidWith };
    });
    if (!step) return (await this.repo.find(id))?.status === 'canceled' ? 'ended' : 'nothing';
    const [due, paidWith] = await Promise.all([
      this.payments.findPayment(step.dueId),
      this.payments.findPayment(step.paidWith),
    ]);
    if (!due || !paidWith) return 'nothing';
    const charged = await this.payments.chargeSaved(due, paidWith, `renewal ${step.sub.id}`);
    if (charged.status === 'succeeded') {
      await this.fulfilment.fulfil(charged.payment.id);
      return 'renewed';
    }
    await this.pastDue(step.sub.id, charged.payment.id, charged.status === 'requires_action');
    return 'past_due';
  }

  /** A renewal that was not paid: access for the grace period, and the e-mail that says so. */
  async pastDue(id: string, paymentId: string, needsAction: boolean): Promise<void> {
    await this.host.run(async () => {
      const sub = await this.repo.lock(id);
      if (!sub || sub.status !== 'active' || sub.duePaymentId !== paymentId) return;
      const graceUntil = graceEnd(sub.currentPeriodEnd!, this.config.memberships.graceDays);
      await this.repo.update(sub.id, { status: 'past_due', graceUntil });
      await this.subscriptions.mail(sub.id, needsAction ? 'action' : 'failed', paymentId);
    });
  }

  private async deliver(
    id: string,
    kind: MembershipMailKind,
    job: JobContext,
    given?: string,
  ): Promise<void> {
    if (!MEMBERSHIP_MAIL_KINDS.includes(kind)) return;
    const sub = (await this.repo.listOfIds([id]))[0];
    const contact = sub && (await this.users.contact(sub.userId));
    if (!sub || !contact) return;
    const lang = sub.lang as Lang;
    const date = this.dateOf(kind, sub);
    if (!date) return;
    const base = this.config.publicUrl;
    let link = `${base}/mis-cursos`;
    if (kind === 'ended') link = `${base}/membresia`;
    if (kind === 'failed') link = `${base}/mis-cursos?membresia=${sub.id}`;
    if (kind === 'action') {
      const due = sub.duePaymentId ? await this.payments.findPayment(sub.duePaymentId) : null;
      // the renewal was paid or the subscription moved on since: nothing to confirm
      if (!due || due.fulfilledAt) return;
      link = given ?? `${base}${await this.payments.confirmationLink(due)}`;
    }
    const price = kind === 'price' ? (sub.newPriceCents ?? sub.priceCents) : sub.priceCents;
    const per = kind === 'price' ? ` ${PER_INTERVAL[lang][sub.interval]}` : '';
    const mail = membershipMail(lang, kind, contact.name, {
      plan: sub.planName[lang] || sub.planName.es,
      date: this.written(date, lang),
      amount: `${formatUsd(fromCents(price))} USD${per}`,
      link,
    });
    await this.mails.send({ to: contact.email, ...mail, job });
  }

  private dateOf(kind: MembershipMailKind, sub: SubscriptionRow): Date | null {
    if (kind === 'failed' || kind === 'action') return sub.graceUntil;
    if (kind === 'ended') return sub.endedAt;
    if (kind === 'price') return sub.newPriceFrom;
    return sub.currentPeriodEnd;
  }

  /** A date as the student reads it (with the time when periods last minutes: the demo clock). */
  private written(date: Date, lang: Lang): string {
    const minutes = this.config.memberships.periodMinutes > 0;
    return date.toLocaleString(lang, {
      dateStyle: 'long',
      ...(minutes && { timeStyle: 'short' }),
      timeZone: 'UTC',
    });
  }
}
