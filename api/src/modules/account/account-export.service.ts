import { Injectable } from '@nestjs/common';
import type { AccountExport } from '@circo/shared-contracts';
import { CertificatesService } from '../certificates/index.js';
import { BillingService, InvoicesService } from '../invoicing/index.js';
import { AccountRepository } from './account.repository.js';

/** JSON-safe copy of database rows (dates as ISO text, bigints as numbers). */
const plain = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v,
      ]),
    ),
  );

/** A student's data is theirs: they download everything the shop holds about them. */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly certificates: CertificatesService,
    private readonly invoices: InvoicesService,
    private readonly billing: BillingService,
  ) {}

  /** GET /users/me/export */
  async export(userId: string): Promise<AccountExport> {
    const [profile] = plain(await this.repo.profile(userId));
    return {
      exportedAt: new Date().toISOString(),
      profile: profile ?? {},
      access: plain(await this.repo.grants(userId)),
      payments: plain(await this.repo.payments(userId)),
      progress: plain(await this.repo.progress(userId)),
      reminders: plain(await this.repo.reminders(userId)),
      practiceClips: plain(await this.repo.practiceClips(userId)),
      certificates: plain(await this.certificates.exportOf(userId)),
      invoices: await this.invoices.mine(userId),
      billing: await this.billing.mine(userId),
    };
  }
}
