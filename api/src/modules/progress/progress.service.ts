import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_ERRORS,
  USER_ERRORS,
  type CourseProgress,
  type FormationProgress,
  type Lang,
} from '@circo/shared-contracts';
import { AppError, badRequest, forbidden } from '../../common/errors/app-error.js';
import type { AuthUser } from '../auth/index.js';
import type { ItemType } from '../../database/tables/columns.js';
import { CoursesService, FormationsService } from '../catalogue/index.js';
import { PurchasesService } from '../purchases/index.js';
import { ProgressRepository } from './progress.repository.js';
import { JobsService } from '../jobs/index.js';

/** The job (handled by the certificates module) that checks whether an item is completed. */
export const COMPLETION_CHECK_JOB = 'certificates.check';

export interface ProgressLists {
  courses: CourseProgress[];
  formations: FormationProgress[];
}

/** Per-class progress of a student in the courses and formations it owns. */
@Injectable()
export class ProgressService {
  constructor(
    private readonly repo: ProgressRepository,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly purchases: PurchasesService,
    private readonly jobs: JobsService,
  ) {}

  /** progresoCursos and progresoFormaciones of the profile. */
  async listForUser(userId: string): Promise<ProgressLists> {
    const rows = await this.repo.listForUser(userId);
    const group = (type: ItemType) => {
      const byItem = new Map<string, string[]>();
      for (const r of rows.filter((x) => x.itemType === type)) {
        byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r.classId]);
      }
      return [...byItem];
    };
    return {
      courses: group('course').map(([courseId, clasesCompletadas]) => ({
        courseId,
        clasesCompletadas,
      })),
      formations: group('formation').map(([formationId, clasesCompletadas]) => ({
        formationId,
        clasesCompletadas,
      })),
    };
  }

  /** Class ids the user marked done in one course or formation. */
  completed(userId: string, itemType: ItemType, itemId: string): Promise<string[]> {
    return this.repo.completed(userId, itemType, itemId);
  }

  /**
   * Marks or unmarks `classId` of the item for `userId`. The class must belong to the item, and
   * the user must own the item with active access (an admin may track any item). A mark that
   * leaves every class that counts in `lang` (the language the student follows it in) done writes,
   * in the same statement, the job that issues the item's certificate.
   */
  async set(
    caller: AuthUser,
    userId: string,
    itemType: ItemType,
    itemId: string,
    classId: string,
    done: boolean,
    lang: Lang = 'es',
  ): Promise<string[]> {
    const inItem =
      itemType === 'course'
        ? await this.courses.hasClass(itemId, classId)
        : await this.formations.hasClass(itemId, classId);
    if (!inItem) {
      throw badRequest(
        USER_ERRORS.classNotInItem,
        `This class does not belong to that ${itemType}`,
        'classId',
      );
    }
    if (caller.role !== 'admin' && !(await this.purchases.hasActive(userId, itemType, itemId))) {
      throw forbidden(
        ACCOUNT_ERRORS.progressPurchaseRequired,
        `You need active access to this ${itemType}`,
      );
    }
    if (!done) return this.repo.unmark(userId, itemType, itemId, classId);
    // read before the mark: the catalogue's kept structures
    const counted = await this.countedClasses(itemType, itemId, lang);
    // the certificate's check, written by the mark itself once it leaves every class that
    // counts done: no transaction, and no mark without its job
    const marked = await this.repo.mark(userId, itemType, itemId, classId, {
      counted,
      then: (complete) =>
        this.jobs.enqueueWhen(
          COMPLETION_CHECK_JOB,
          { userId, itemType, itemId, lang },
          { key: `completion:${userId}:${itemType}:${itemId}:${randomUUID()}` },
          complete,
        ),
    });
    const isMarked = new Set(marked);
    if (counted.length > 0 && counted.every((id) => isMarked.has(id))) this.jobs.kick();
    return marked;
  }

  /**
   * The classes that count towards completing an item in `lang`: those a visitor sees in that
   * language (a formation's modules together), from the catalogue's cached view; none for an item
   * not shown in it.
   */
  async countedClasses(itemType: ItemType, itemId: string, lang: Lang): Promise<string[]> {
    const viewer = { reveal: false };
    try {
      if (itemType === 'course') {
        return (await this.courses.detail(itemId, lang, viewer)).classes.map((c) => c._id);
      }
      const formation = await this.formations.detail(itemId, lang, viewer);
      return formation.modules.flatMap((m) => m.classes.map((c) => c._id));
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404)) return [];
      throw err;
    }
  }
}
