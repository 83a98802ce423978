import { Inject, Injectable } from '@nestjs/common';
import { toLang } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { CertificateRow } from '../../database/tables/certificates.table.js';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { layoutMail, MailService } from '../mail/index.js';
import { UsersService } from '../users/index.js';
import { CERTIFICATE_MAIL, titleIn, verifyUrl } from './certificate-texts.js';
import { CertificatesRepository } from './certificates.repository.js';

const CERTIFICATE_MAIL_JOB = 'certificates.mail';

/** The e-mail that tells a student their certificate is issued: a durable job, then the mail. */
@Injectable()
export class CertificateMailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: CertificatesRepository,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  @JobHandler(CERTIFICATE_MAIL_JOB)
  protected runMail(payload: JobPayload, job: JobContext): Promise<void> {
    return this.sendMail(String(payload.certificateId), job);
  }

  /** The e-mail of an issued certificate, as a job of the open transaction. */
  async announce(row: CertificateRow): Promise<void> {
    await this.jobs.enqueue(
      CERTIFICATE_MAIL_JOB,
      { certificateId: row.id },
      { key: `certificate-mail:${row.id}` },
    );
  }

  private async sendMail(id: string, job: { key: string; createdAt: Date }): Promise<void> {
    const row = await this.repo.byId(id);
    if (!row || row.status !== 'issued' || row.revokedAt) return;
    const contact = await this.users.contact(row.userId);
    if (!contact) return;
    const lang = toLang(row.lang);
    const t = CERTIFICATE_MAIL[lang];
    const base = this.config.publicUrl.replace(/\/$/, '');
    const mail = layoutMail({
      subject: t.subject,
      hello: t.hello,
      name: contact.name,
      blocks: [
        {
          kind: 'paragraph',
          text: t.body.replace('{title}', titleIn(row.title, lang)),
          link: { label: t.cta, href: `${base}/mis-cursos` },
        },
        {
          kind: 'paragraph',
          text: t.unasked,
          link: { label: t.verify, href: verifyUrl(this.config.publicUrl, row.code) },
        },
      ],
    });
    await this.mail.send({ to: contact.email, ...mail, job });
  }
}
