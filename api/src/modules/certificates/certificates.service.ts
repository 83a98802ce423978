import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CERTIFICATE_ERRORS,
  LANGUAGES,
  isCertificateCode,
  type CertificateVerification,
  type ItemType,
  type Lang,
  type MyCertificate,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { notFound } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import type { CertificateRow } from '../../database/tables/certificates.table.js';
import { CoursesService, FormationsService } from '../catalogue/index.js';
import { JobHandler, JobsService, type JobContext, type JobPayload } from '../jobs/index.js';
import { layoutMail, MailService } from '../mail/index.js';
import { PdfThreads } from '../pdf/index.js';
import { COMPLETION_CHECK_JOB, ProgressService } from '../progress/index.js';
import { PurchasesService } from '../purchases/index.js';
import { UsersService } from '../users/index.js';
import { CERTIFICATE_PDF } from './certificate-pdf.js';
import { CERTIFICATE_MAIL } from './certificate-texts.js';
import { CertificatesRepository } from './certificates.repository.js';

const CERTIFICATE_MAIL_JOB = 'certificates.mail';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 characters of Crockford's base32 from 60 random bits: unguessable, easy to read out. */
export function newCertificateCode(): string {
  let n = randomBytes(8).readBigUInt64BE() >> 4n;
  let code = '';
  for (let i = 0; i < 12; i++) {
    code = CROCKFORD[Number(n & 31n)] + code;
    n >>= 5n;
  }
  return code;
}

const asLang = (l: unknown): Lang => (LANGUAGES.includes(l as Lang) ? (l as Lang) : 'es');
const titleIn = (title: Record<Lang, string>, lang: Lang) =>
  title[lang] || title.es || title.en || title.fr;
const certificateNotFound = () => notFound(CERTIFICATE_ERRORS.notFound, 'No such certificate');

export const toMyCertificate = (r: CertificateRow): MyCertificate => ({
  _id: r.id,
  code: r.code,
  itemType: r.itemType,
  itemId: r.itemId,
  title: r.title,
  issuedAt: (r.issuedAt ?? r.createdAt).toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/**
 * Certificates of completion. A student who has completed every class of a course or formation
 * that counts gets one: the classes that count are those visible in the language they follow it
 * in (the language of their last class marked done), all of a formation's modules together. The
 * check runs as a durable job after each class marked done, and only while the student's access is
 * active (PurchasesService's rule: the same one that opens the classes). Once issued a certificate
 * stays, whatever is added to the item later; the coach may revoke it and reissue one. Per item
 * the coach may review each certificate first (it then waits in a queue until approved).
 */
@Injectable()
export class CertificatesService {
  private readonly logger = new Logger('Certificates');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: CertificatesRepository,
    private readonly host: TransactionHost,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly progress: ProgressService,
    private readonly purchases: PurchasesService,
    private readonly users: UsersService,
    private readonly pdfs: PdfThreads,
  ) {}

  @JobHandler(COMPLETION_CHECK_JOB)
  protected async runCheck(payload: JobPayload): Promise<void> {
    await this.check(
      String(payload.userId),
      payload.itemType === 'formation' ? 'formation' : 'course',
      String(payload.itemId),
      asLang(payload.lang),
    );
  }

  @JobHandler(CERTIFICATE_MAIL_JOB)
  protected runMail(payload: JobPayload, job: JobContext): Promise<void> {
    return this.sendMail(String(payload.certificateId), job);
  }

  /**
   * Issues the certificate of an item when the student has completed it (or queues it for the
   * coach's review): nothing when they have one already, their access is not active, or a class
   * that counts is not done. Answers the certificate written, if any.
   */
  async check(
    userId: string,
    itemType: ItemType,
    itemId: string,
    lang: Lang,
  ): Promise<CertificateRow | undefined> {
    if (await this.repo.live(userId, itemType, itemId)) return undefined;
    const student = await this.users.findAuthAccount(userId);
    if (!student || student.role === 'admin') return undefined;
    if (!(await this.purchases.hasActive(userId, itemType, itemId))) return undefined;
    const counted = await this.progress.countedClasses(itemType, itemId, lang);
    if (counted.length === 0) return undefined;
    const done = new Set(await this.progress.completed(userId, itemType, itemId));
    if (!counted.every((id) => done.has(id))) return undefined;
    const title = await this.titleOf(itemType, itemId);
    if (!title) return undefined;
    const review = await this.repo.reviewRequired(itemType, itemId);
    const name = [student.name, student.surname].filter(Boolean).join(' ');
    return this.issue({
      userId,
      itemType,
      itemId,
      lang,
      studentName: name,
      title,
      classCount: counted.length,
      pending: review,
    });
  }

  /** Writes a certificate (a fresh code) and, when it is issued, its e-mail, in one transaction. */
  async issue(c: {
    userId: string;
    itemType: ItemType;
    itemId: string;
    lang: Lang;
    studentName: string;
    title: Record<Lang, string>;
    classCount: number;
    pending: boolean;
  }): Promise<CertificateRow | undefined> {
    return this.host.run(async () => {
      const now = new Date();
      const row = await this.repo.insert({
        code: newCertificateCode(),
        userId: c.userId,
        itemType: c.itemType,
        itemId: c.itemId,
        lang: c.lang,
        studentName: c.studentName,
        title: c.title,
        classCount: c.classCount,
        status: c.pending ? 'pending' : 'issued',
        issuedAt: c.pending ? null : now,
      });
      if (row?.status === 'issued') await this.announce(row);
      if (row) this.logger.log(`certificate ${row.code} ${row.status} (${c.itemType} ${c.itemId})`);
      return row;
    });
  }

  /** The e-mail of an issued certificate, as a job of the open transaction. */
  async announce(row: CertificateRow): Promise<void> {
    await this.jobs.enqueue(
      CERTIFICATE_MAIL_JOB,
      { certificateId: row.id },
      { key: `certificate-mail:${row.id}` },
    );
  }

  /** GET /users/me/certificates */
  async mine(userId: string): Promise<MyCertificate[]> {
    return (await this.repo.forUser(userId)).map(toMyCertificate);
  }

  /** What the student's data export holds of their certificates. */
  exportOf(userId: string): Promise<Array<Record<string, unknown>>> {
    return this.repo.forExport(userId);
  }

  /** GET /users/me/certificates/{id}/pdf: the student's own issued certificate, else 404. */
  async pdfOf(userId: string, id: string): Promise<{ bytes: Uint8Array; code: string }> {
    const row = await this.repo.byId(id);
    if (!row || row.userId !== userId || row.status !== 'issued') throw certificateNotFound();
    return { bytes: await this.render(row), code: row.code };
  }

  /** The PDF of an issued certificate, drawn from its row and the coach's settings. */
  async render(row: CertificateRow): Promise<Uint8Array> {
    const signer = await this.repo.signer();
    const lang = asLang(row.lang);
    return this.pdfs.draw(CERTIFICATE_PDF, {
      lang,
      studentName: row.studentName,
      itemType: row.itemType,
      title: titleIn(row.title, lang),
      classCount: row.classCount,
      issuedAt: row.issuedAt ?? row.createdAt,
      code: row.code,
      verifyUrl: this.verifyUrl(row.code),
      coachName: signer?.coachName ?? '',
      signature: signer?.signature ?? null,
    });
  }

  /** GET /certificates/{code}: the name, title, date and validity; 404 for any other code. */
  async verify(code: string, lang: Lang): Promise<CertificateVerification> {
    const canonical = code.toUpperCase();
    const row = isCertificateCode(canonical) ? await this.repo.byCode(canonical) : undefined;
    if (!row) throw certificateNotFound();
    return {
      name: row.studentName,
      title: titleIn(row.title, lang),
      issuedAt: (row.issuedAt ?? row.createdAt).toISOString(),
      status: row.revokedAt ? 'revoked' : 'valid',
    };
  }

  /** The public page that checks a certificate. */
  verifyUrl(code: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/certificados/${code}`;
  }

  private async titleOf(itemType: ItemType, itemId: string) {
    const items = itemType === 'course' ? this.courses : this.formations;
    return (await items.titles([itemId])).get(itemId)?.title;
  }

  private async sendMail(id: string, job: { key: string; createdAt: Date }): Promise<void> {
    const row = await this.repo.byId(id);
    if (!row || row.status !== 'issued' || row.revokedAt) return;
    const contact = await this.users.contact(row.userId);
    if (!contact) return;
    const lang = asLang(row.lang);
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
          link: { label: t.verify, href: this.verifyUrl(row.code) },
        },
      ],
    });
    await this.mail.send({ to: contact.email, ...mail, job });
  }
}
