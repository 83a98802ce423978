import { Inject, Injectable } from '@nestjs/common';
import { toLang } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { CertificateRow } from '../../database/tables/certificates.table.js';
import { PdfThreads } from '../pdf/index.js';
import { CERTIFICATE_PDF } from './certificate-pdf.js';
import { titleIn, verifyUrl } from './certificate-texts.js';
import { CertificatesRepository } from './certificates.repository.js';
import { certificateNotFound } from './certificates.service.js';

/** The PDF of an issued certificate, for its student. */
@Injectable()
export class CertificatePdfService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: CertificatesRepository,
    private readonly pdfs: PdfThreads,
  ) {}

  /** GET /users/me/certificates/{id}/pdf: the student's own issued certificate, else 404. */
  async pdfOf(userId: string, id: string): Promise<{ bytes: Uint8Array; code: string }> {
    const row = await this.repo.byId(id);
    if (!row || row.userId !== userId || row.status !== 'issued') throw certificateNotFound();
    return { bytes: await this.render(row), code: row.code };
  }

  /** The PDF of an issued certificate, drawn from its row and the coach's settings. */
  async render(row: CertificateRow): Promise<Uint8Array> {
    const signer = await this.repo.signer();
    const lang = toLang(row.lang);
    return this.pdfs.draw(CERTIFICATE_PDF, {
      lang,
      studentName: row.studentName,
      itemType: row.itemType,
      title: titleIn(row.title, lang),
      classCount: row.classCount,
      issuedAt: row.issuedAt ?? row.createdAt,
      code: row.code,
      verifyUrl: verifyUrl(this.config.publicUrl, row.code),
      coachName: signer?.coachName ?? '',
      signature: signer?.signature ?? null,
    });
  }
}
