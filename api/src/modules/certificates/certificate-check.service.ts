import { Injectable } from '@nestjs/common';
import { toLang, type ItemType, type Lang } from '@circo/shared-contracts';
import type { CertificateRow } from '../../database/tables/certificates.table.js';
import { CoursesService, FormationsService } from '../catalogue/index.js';
import { JobHandler, type JobPayload } from '../jobs/index.js';
import { COMPLETION_CHECK_JOB, ProgressService } from '../progress/index.js';
import { PurchasesService } from '../purchases/index.js';
import { UsersService } from '../users/index.js';
import { CertificatesRepository } from './certificates.repository.js';
import { CertificatesService } from './certificates.service.js';

/**
 * Whether a student has earned an item's certificate. The classes that count are those visible
 * in the language they follow it in (the language of their last class marked done), all of a
 * formation's modules together. The check runs as a durable job after each class marked done,
 * and only while the student's access is active (PurchasesService's rule: the same one that
 * opens the classes).
 */
@Injectable()
export class CertificateCheckService {
  constructor(
    private readonly repo: CertificatesRepository,
    private readonly certificates: CertificatesService,
    private readonly users: UsersService,
    private readonly purchases: PurchasesService,
    private readonly progress: ProgressService,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
  ) {}

  @JobHandler(COMPLETION_CHECK_JOB)
  protected async runCheck(payload: JobPayload): Promise<void> {
    await this.check(
      String(payload.userId),
      payload.itemType === 'formation' ? 'formation' : 'course',
      String(payload.itemId),
      toLang(payload.lang),
    );
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
    return this.certificates.issue({
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

  private async titleOf(itemType: ItemType, itemId: string) {
    const items = itemType === 'course' ? this.courses : this.formations;
    return (await items.titles([itemId])).get(itemId)?.title;
  }
}
