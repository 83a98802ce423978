import { Injectable } from '@nestjs/common';
import {
  LEARNING_ERRORS,
  type CourseSummary,
  type ItemType,
  type Lang,
  type LearningAccess,
  type MyCourseResponse,
  type MyFormationResponse,
  type MyItem,
  type MyItemsResponse,
} from '@circo/shared-contracts';
import { type Viewer, CoursesService, FormationsService } from '../catalogue/index.js';
import { forbidden } from '../../common/errors/app-error.js';
import type { AuthUser } from '../auth/index.js';
import { ProgressService } from '../progress/index.js';
import { PurchasesService, type ItemAccess } from '../purchases/index.js';

const ADMIN_LIST_LIMIT = 200;
const NO_EXPIRY: LearningAccess = { expiresAt: null, expired: false };

/** Where the one access rule's answer leaves a student: the date, and the membership if any. */
const toAccess = (a: ItemAccess, now: number): LearningAccess => ({
  // a membership that renews shows when it renews (its access may last while that is collected)
  expiresAt: (a.membership?.renews ? a.membership.periodEnd : a.expiresAt).toISOString(),
  expired: a.expiresAt.getTime() <= now,
  ...(a.membership && {
    membership: { planName: a.membership.planName, renews: a.membership.renews },
  }),
});

const toMyItem = (type: ItemType, s: CourseSummary, access: LearningAccess): MyItem => ({
  _id: s._id,
  type,
  title: s.title,
  description: s.description,
  image: s.image,
  price: s.price,
  visible: s.visible,
  ...access,
});

/**
 * The student area: My Courses (what a student bought, or for an admin everything visible in the
 * language) and the viewers' data (a bought formation with its modules and classes, a bought
 * course with its classes, and what the student marked done).
 */
@Injectable()
export class LearningService {
  constructor(
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly purchases: PurchasesService,
    private readonly progress: ProgressService,
  ) {}

  /** GET /learning/my-items?lang= */
  async myItems(user: AuthUser, lang: Lang, viewer: Viewer): Promise<MyItemsResponse> {
    if (user.role === 'admin') {
      // the admin view: every item visible in the active language, no expiry, no rebuy
      const nonAdmin: Viewer = { user, reveal: false };
      const [formations, courses] = await Promise.all([
        this.formations.listVisible(lang, nonAdmin),
        this.courses.listVisible(lang, nonAdmin, { limit: ADMIN_LIST_LIMIT, offset: 0 }),
      ]);
      return {
        admin: true,
        formations: formations.map((f) => toMyItem('formation', f, NO_EXPIRY)),
        courses: courses.map((c) => toMyItem('course', c, NO_EXPIRY)),
      };
    }
    // the one access rule: purchases, grants and memberships, expired ones too
    const held = await this.purchases.accessList(user.id);
    const now = Date.now();
    const courseAccess = new Map<string, LearningAccess>();
    const formationAccess = new Map<string, LearningAccess>();
    for (const a of held) {
      (a.itemType === 'course' ? courseAccess : formationAccess).set(a.itemId, toAccess(a, now));
    }
    const [formations, courses] = await Promise.all([
      this.formations.summaries([...formationAccess.keys()], lang, viewer),
      this.courses.summaries([...courseAccess.keys()], lang, viewer),
    ]);
    return {
      admin: false,
      formations: formations.map((f) => toMyItem('formation', f, formationAccess.get(f._id)!)),
      courses: courses.map((c) => toMyItem('course', c, courseAccess.get(c._id)!)),
    };
  }

  /**
   * GET /learning/formations/{id}?lang= : 404 unknown; 403 + availableLanguages when hidden in
   * `lang`; 403 `learning.purchase_required` / `learning.access_expired` unless an admin or a buyer
   * with active access.
   */
  async formation(
    user: AuthUser,
    id: string,
    lang: Lang,
    viewer: Viewer,
  ): Promise<MyFormationResponse> {
    const detail = await this.formations.detail(id, lang, viewer);
    const access = await this.accessTo(user, 'formation', id);
    const { modules, ...summary } = detail;
    return {
      formation: toMyItem('formation', summary, access),
      modules,
      completed: await this.progress.completed(user.id, 'formation', id),
    };
  }

  /** GET /learning/courses/{id}?lang= : the same rules for a course. */
  async course(user: AuthUser, id: string, lang: Lang, viewer: Viewer): Promise<MyCourseResponse> {
    const detail = await this.courses.detail(id, lang, viewer);
    const access = await this.accessTo(user, 'course', id);
    const { classes, ...summary } = detail;
    return {
      course: toMyItem('course', summary, access),
      classes,
      completed: await this.progress.completed(user.id, 'course', id),
    };
  }

  private async accessTo(user: AuthUser, type: ItemType, id: string): Promise<LearningAccess> {
    if (user.role === 'admin') return NO_EXPIRY;
    const access = await this.purchases.accessTo(user.id, type, id);
    if (!access) {
      throw forbidden(LEARNING_ERRORS.purchaseRequired, `You have not bought this ${type}`);
    }
    const now = Date.now();
    if (access.expiresAt.getTime() <= now) {
      throw forbidden(LEARNING_ERRORS.accessExpired, `Your access to this ${type} has expired`, {
        expiresAt: access.expiresAt.toISOString(),
      });
    }
    return toAccess(access, now);
  }
}
