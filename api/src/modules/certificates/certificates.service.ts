import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  CERTIFICATE_ERRORS,
  isCertificateCode,
  type CertificateVerification,
  type ItemType,
  type Lang,
  type MyCertificate,
} from '@circo/shared-contracts';
import { notFound } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import type { CertificateRow } from '../../database/tables/certificates.table.js';
import { CertificateMailService } from './certificate-mail.service.js';
import { titleIn } from './certificate-texts.js';
import { CertificatesRepository } from './certificates.repository.js';

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

export const certificateNotFound = () =>
  notFound(CERTIFICATE_ERRORS.notFound, 'No such certificate');

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
 * Certificates of completion, written once a student has completed an item
 * (CertificateCheckService) or by the coach's reissue, and checked by anyone through their code
 * (their e-mail and PDF: CertificateMailService, CertificatePdfService). Once issued a certificate stays, whatever
 * is added to the item later; the coach may revoke it and reissue one. Per item the coach may
 * review each certificate first (it then waits in a queue until approved).
 */
@Injectable()
export class CertificatesService {
  private readonly logger = new Logger('Certificates');

  constructor(
    private readonly repo: CertificatesRepository,
    private readonly host: TransactionHost,
    private readonly mails: CertificateMailService,
  ) {}

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
      if (row?.status === 'issued') await this.mails.announce(row);
      if (row) this.logger.log(`certificate ${row.code} ${row.status} (${c.itemType} ${c.itemId})`);
      return row;
    });
  }

  /** GET /users/me/certificates */
  async mine(userId: string): Promise<MyCertificate[]> {
    return (await this.repo.forUser(userId)).map(toMyCertificate);
  }

  /** What the student's data export holds of their certificates. */
  exportOf(userId: string): Promise<Array<Record<string, unknown>>> {
    return this.repo.forExport(userId);
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
}
