import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ItemType } from '@circo/shared-contracts';
import { Repository } from '../../database/transactions.js';
import {
  certificateReviews,
  certificates,
  certificateSigner,
  type CertificateRow,
  type CertificateSignerRow,
} from '../../database/tables/certificates.table.js';
import { users } from '../../database/tables/users.table.js';

export type NewCertificate = Pick<
  CertificateRow,
  | 'code'
  | 'userId'
  | 'itemType'
  | 'itemId'
  | 'lang'
  | 'studentName'
  | 'title'
  | 'classCount'
  | 'status'
  | 'issuedAt'
>;

/** A certificate with its student's e-mail (the coach's lists). */
export type CertificateWithEmail = CertificateRow & { email: string };

const live = and(isNull(certificates.revokedAt), ne(certificates.status, 'declined'));

@Injectable()
export class CertificatesRepository extends Repository {
  /**
   * Writes a certificate; undefined when the student has a live one for the item already (the
   * unique index decides between two checks at the same moment) or the code was taken.
   */
  async insert(row: NewCertificate): Promise<CertificateRow | undefined> {
    // no error to catch: a conflict inside the caller's transaction would abort it
    const [made] = await this.db.insert(certificates).values(row).onConflictDoNothing().returning();
    return made;
  }

  /** The student's live certificate (waiting or issued, not revoked) of an item. */
  async live(userId: string, itemType: ItemType, itemId: string) {
    const [row] = await this.db
      .select()
      .from(certificates)
      .where(
        and(
          eq(certificates.userId, userId),
          eq(certificates.itemType, itemType),
          eq(certificates.itemId, itemId),
          live,
        ),
      );
    return row;
  }

  async byId(id: string): Promise<CertificateRow | undefined> {
    const [row] = await this.db.select().from(certificates).where(eq(certificates.id, id));
    return row;
  }

  async byCode(code: string): Promise<CertificateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.code, code), eq(certificates.status, 'issued')));
    return row;
  }

  /** The student's issued certificates, newest first (revoked ones included). */
  forUser(userId: string): Promise<CertificateRow[]> {
    return this.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.status, 'issued')))
      .orderBy(desc(certificates.issuedAt));
  }

  /** The coach's list: an item's certificates, a student's, or the review queue (oldest first). */
  async list(filter: {
    id?: string;
    itemType?: ItemType;
    itemId?: string;
    userId?: string;
    pending?: boolean;
    limit: number;
  }): Promise<CertificateWithEmail[]> {
    const where = and(
      filter.id ? eq(certificates.id, filter.id) : undefined,
      filter.itemType ? eq(certificates.itemType, filter.itemType) : undefined,
      filter.itemId ? eq(certificates.itemId, filter.itemId) : undefined,
      filter.userId ? eq(certificates.userId, filter.userId) : undefined,
      filter.pending ? eq(certificates.status, 'pending') : undefined,
    );
    const rows = await this.db
      .select({ c: certificates, email: users.email })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(where)
      .orderBy(filter.pending ? asc(certificates.createdAt) : desc(certificates.createdAt))
      .limit(filter.limit);
    return rows.map((r) => ({ ...r.c, email: r.email }));
  }

  /** Revokes a live issued certificate; undefined when it is not (any more) one. */
  async revoke(id: string, reason: string | null, at: Date) {
    const [row] = await this.db
      .update(certificates)
      .set({ revokedAt: at, revokeReason: reason })
      .where(
        and(
          eq(certificates.id, id),
          eq(certificates.status, 'issued'),
          isNull(certificates.revokedAt),
        ),
      )
      .returning();
    return row;
  }

  /** Approves or declines a waiting certificate; undefined when it is not waiting. */
  async review(id: string, approve: boolean, note: string | null, at: Date) {
    const [row] = await this.db
      .update(certificates)
      .set({
        status: approve ? 'issued' : 'declined',
        issuedAt: approve ? at : null,
        reviewedAt: at,
        reviewNote: note,
      })
      .where(
        and(
          eq(certificates.id, id),
          eq(certificates.status, 'pending'),
          isNull(certificates.revokedAt),
        ),
      )
      .returning();
    return row;
  }

  async reviewRequired(itemType: ItemType, itemId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ review: certificateReviews.review })
      .from(certificateReviews)
      .where(and(eq(certificateReviews.itemType, itemType), eq(certificateReviews.itemId, itemId)));
    return row?.review ?? false;
  }

  async setReviewRequired(itemType: ItemType, itemId: string, review: boolean): Promise<void> {
    await this.db
      .insert(certificateReviews)
      .values({ itemType, itemId, review })
      .onConflictDoUpdate({
        target: [certificateReviews.itemType, certificateReviews.itemId],
        set: { review },
      });
  }

  async signer(): Promise<CertificateSignerRow | undefined> {
    const [row] = await this.db.select().from(certificateSigner).where(eq(certificateSigner.id, 1));
    return row;
  }

  async setSigner(values: Pick<CertificateSignerRow, 'coachName' | 'signature' | 'signatureType'>) {
    await this.db
      .insert(certificateSigner)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: certificateSigner.id, set: values });
  }

  /** What the student's data export holds of their certificates. */
  forExport(userId: string) {
    return this.db
      .select({
        code: certificates.code,
        itemType: certificates.itemType,
        itemId: certificates.itemId,
        title: certificates.title,
        studentName: certificates.studentName,
        lang: certificates.lang,
        status: certificates.status,
        createdAt: certificates.createdAt,
        issuedAt: certificates.issuedAt,
        revokedAt: certificates.revokedAt,
        revokeReason: certificates.revokeReason,
        reviewNote: certificates.reviewNote,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId))
      .orderBy(asc(certificates.createdAt));
  }

  /** How many certificates are waiting for review (the admin's waiting work). */
  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificates)
      .where(eq(certificates.status, 'pending'));
    return Number(row?.n ?? 0);
  }
}
