import { Injectable } from '@nestjs/common';
import {
  CERTIFICATE_ERRORS,
  CERTIFICATE_LIMITS,
  type AdminCertificate,
  type CertificateReviewSetting,
  type CertificateSettings,
  type ItemType,
  type Lang,
} from '@circo/shared-contracts';
import { badRequest, conflict } from '../../common/errors/app-error.js';
import { TransactionHost } from '../../database/transactions.js';
import { CertificateMailService } from './certificate-mail.service.js';
import { CertificatesRepository, type CertificateWithEmail } from './certificates.repository.js';
import { certificateNotFound, CertificatesService } from './certificates.service.js';

const LIST_LIMIT = 500;

const toAdmin = (r: CertificateWithEmail): AdminCertificate => ({
  _id: r.id,
  code: r.code,
  status: r.status,
  itemType: r.itemType,
  itemId: r.itemId,
  title: r.title,
  userId: r.userId,
  studentName: r.studentName,
  email: r.email,
  lang: r.lang,
  classCount: r.classCount,
  createdAt: r.createdAt.toISOString(),
  issuedAt: r.issuedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
  revokeReason: r.revokeReason,
  reviewNote: r.reviewNote,
});

/** The PNG and JPEG signatures a data URL may carry. */
const IMAGE = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The coach's side of certificates: the lists per item and per student, the review queue,
 * revoking (with an optional reason) and reissuing, the per-item review switch and the name and
 * signature printed on every certificate.
 */
@Injectable()
export class CertificatesAdminService {
  constructor(
    private readonly repo: CertificatesRepository,
    private readonly certificates: CertificatesService,
    private readonly host: TransactionHost,
    private readonly mails: CertificateMailService,
  ) {}

  async list(filter: {
    itemType?: ItemType;
    itemId?: string;
    userId?: string;
    pending?: boolean;
  }): Promise<AdminCertificate[]> {
    return (await this.repo.list({ ...filter, limit: LIST_LIMIT })).map(toAdmin);
  }

  /** DELETE /admin/certificates/{id}: 404 unknown; 409 when not an issued, unrevoked one. */
  async revoke(id: string, reason: string | null): Promise<AdminCertificate> {
    const row = await this.repo.revoke(id, reason?.trim() || null, new Date());
    if (!row) {
      if (!(await this.repo.byId(id))) throw certificateNotFound();
      throw conflict(CERTIFICATE_ERRORS.alreadyRevoked, 'This certificate is not a valid one');
    }
    return this.one(id);
  }

  /**
   * POST /admin/certificates/{id}/reissue: a new certificate (new code, today's date, what the
   * old one said) in place of a revoked or declined one. 409 while the student has a live
   * certificate of the item.
   */
  async reissue(id: string): Promise<AdminCertificate> {
    const old = await this.repo.byId(id);
    if (!old) throw certificateNotFound();
    const made = await this.host.run(async () => {
      if (await this.repo.live(old.userId, old.itemType, old.itemId)) return undefined;
      const row = await this.certificates.issue({
        userId: old.userId,
        itemType: old.itemType,
        itemId: old.itemId,
        lang: old.lang as Lang,
        studentName: old.studentName,
        title: old.title,
        classCount: old.classCount,
        pending: false,
      });
      return row;
    });
    if (!made) {
      throw conflict(
        CERTIFICATE_ERRORS.alreadyRevoked,
        'The student has a valid certificate of this item: revoke it first',
      );
    }
    return this.one(made.id);
  }

  /** POST /admin/certificates/{id}/approve|decline: 409 when it is not waiting for review. */
  async review(id: string, approve: boolean, note: string | null): Promise<AdminCertificate> {
    await this.host.run(async () => {
      const row = await this.repo.review(id, approve, note?.trim() || null, new Date());
      if (!row) {
        if (!(await this.repo.byId(id))) throw certificateNotFound();
        throw conflict(CERTIFICATE_ERRORS.notPending, 'This certificate is not waiting for review');
      }
      if (approve) await this.mails.announce(row);
    });
    return this.one(id);
  }

  async reviewSetting(itemType: ItemType, itemId: string): Promise<CertificateReviewSetting> {
    return { itemType, itemId, review: await this.repo.reviewRequired(itemType, itemId) };
  }

  async setReview(
    itemType: ItemType,
    itemId: string,
    review: boolean,
  ): Promise<CertificateReviewSetting> {
    await this.repo.setReviewRequired(itemType, itemId, review);
    return { itemType, itemId, review };
  }

  async settings(): Promise<CertificateSettings> {
    const row = await this.repo.signer();
    return {
      coachName: row?.coachName ?? '',
      signature:
        row?.signature && row.signatureType
          ? `data:${row.signatureType};base64,${Buffer.from(row.signature).toString('base64')}`
          : null,
    };
  }

  /** PUT /admin/certificates/settings: the signature is a PNG or JPEG data URL of 200 KB at most. */
  async setSettings(body: CertificateSettings): Promise<CertificateSettings> {
    let signature: Buffer | null = null;
    let signatureType: string | null = null;
    if (body.signature) {
      const m = IMAGE.exec(body.signature);
      const bytes = m ? Buffer.from(m[2], 'base64') : null;
      const png = bytes?.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'));
      const jpeg = bytes?.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex'));
      if (!m || !bytes || !(m[1] === 'image/png' ? png : jpeg)) {
        throw badRequest(
          CERTIFICATE_ERRORS.signatureInvalid,
          'The signature must be a PNG or JPEG image',
          'signature',
        );
      }
      if (bytes.length > CERTIFICATE_LIMITS.signatureBytes) {
        throw badRequest(
          CERTIFICATE_ERRORS.signatureInvalid,
          'The signature image is larger than 200 KB',
          'signature',
        );
      }
      signature = bytes;
      signatureType = m[1];
    }
    await this.repo.setSigner({ coachName: body.coachName.trim(), signature, signatureType });
    return this.settings();
  }

  private async one(id: string): Promise<AdminCertificate> {
    const [row] = await this.repo.list({ id, limit: 1 });
    if (row) return toAdmin(row);
    throw certificateNotFound();
  }
}
