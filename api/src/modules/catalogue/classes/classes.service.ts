import { Injectable } from '@nestjs/common';
import {
  CATALOG_ERRORS,
  type ClassDetail,
  type ClassSummary,
  type Lang,
  type Localized,
} from '@circo/shared-contracts';
import { toClassDetail, type ClassContentRow } from '../catalog.mapper.js';
import { andFlags, assertVisibleIn, flagsOf, type Viewer } from '../visibility.js';
import { forbidden, notFound } from '../../../common/errors/app-error.js';
import type { ItemType } from '../../../database/tables/columns.js';
import { ClassMediaService } from './class-media.service.js';
import type { ClassMediaRow } from '../../../database/tables/class-media.table.js';
import { CoursesService } from '../courses/courses.service.js';
import { FormationsService } from '../formations/formations.service.js';
import { PurchasesService } from '../../purchases/index.js';
import { TransactionHost } from '../../../database/transactions.js';

/** A class, the flags of what contains it, and the item a buyer must own. */
export interface ClassInItem {
  cls: ClassContentRow;
  parent: Localized<boolean>;
  itemType: ItemType;
  itemId: string;
  owner: Pick<ClassDetail, 'course' | 'moduleId' | 'formationId'>;
}

/**
 * Classes of courses and formations. Titles are public; the content (texts, PDF and video lists)
 * only for admins and for buyers with active access to the containing course or formation.
 */
@Injectable()
export class ClassesService {
  constructor(
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly purchases: PurchasesService,
    private readonly media: ClassMediaService,
    private readonly host: TransactionHost,
  ) {}

  /** GET /classes/module/{moduleId} */
  byModule(moduleId: string, lang: Lang, viewer: Viewer): Promise<ClassSummary[]> {
    return this.formations.moduleClasses(moduleId, lang, viewer);
  }

  /**
   * GET /classes/{id}: 404 when no course or formation has it; 403 + availableLanguages when it
   * (or its module, course or formation) is hidden in `lang`; 403 `classes.purchase_required`
   * unless the caller is an admin or holds an active purchase of the containing item.
   */
  async detail(classId: string, lang: Lang, viewer: Viewer): Promise<ClassDetail> {
    const { found, media } = await this.accessible(classId, lang, viewer);
    return toClassDetail(found.cls, found.parent, media, viewer, found.owner);
  }

  /**
   * The class with its PDFs and videos (URLs and public ids included, for the private-media
   * routes), once the rules of `detail` let the viewer in. `itemType`, when given, is the kind of
   * item the class must belong to (404 otherwise).
   */
  async accessible(
    classId: string,
    lang: Lang,
    viewer: Viewer,
    itemType?: ItemType,
  ): Promise<{ found: ClassInItem; media: ClassMediaRow[] }> {
    const found = await this.find(classId);
    if (!found || (itemType && found.itemType !== itemType)) {
      throw notFound(CATALOG_ERRORS.classNotFound, 'Class not found');
    }
    assertVisibleIn(andFlags(flagsOf(found.cls.visible), found.parent), lang, viewer, 'class');
    await this.assertOwns(found, viewer);
    const media = await this.media.listForClass(
      found.itemType === 'course' ? 'course_class' : 'formation_class',
      classId,
    );
    return { found, media };
  }

  /**
   * The course or formation of a class the viewer may practise (the practice player's routes):
   * 404 when no item has it; 403 `classes.purchase_required` unless an admin or a holder of an
   * active purchase of the item (in any language: a position or a log is not content).
   */
  async owned(classId: string, viewer: Viewer): Promise<{ itemType: ItemType; itemId: string }> {
    const found = await this.find(classId);
    if (!found) throw notFound(CATALOG_ERRORS.classNotFound, 'Class not found');
    await this.assertOwns(found, viewer);
    return { itemType: found.itemType, itemId: found.itemId };
  }

  private async assertOwns(found: ClassInItem, viewer: Viewer): Promise<void> {
    if (viewer.reveal) return;
    const owns = viewer.user
      ? await this.purchases.hasActive(viewer.user.id, found.itemType, found.itemId)
      : false;
    if (!owns) {
      throw forbidden(
        CATALOG_ERRORS.purchaseRequired,
        `This class needs an active purchase of its ${found.itemType}`,
      );
    }
  }

  private async find(classId: string): Promise<ClassInItem | undefined> {
    const [inFormation, inCourse] = await this.host.all([
      () => this.formations.findClass(classId),
      () => this.courses.findClass(classId),
    ]);
    if (inFormation) {
      return {
        cls: inFormation.cls,
        parent: andFlags(flagsOf(inFormation.moduleVisible), flagsOf(inFormation.formationVisible)),
        itemType: 'formation',
        itemId: inFormation.formationId,
        owner: { moduleId: inFormation.cls.moduleId, formationId: inFormation.formationId },
      };
    }
    if (inCourse) {
      return {
        cls: inCourse.row,
        parent: flagsOf(inCourse.itemVisible),
        itemType: 'course',
        itemId: inCourse.row.courseId,
        owner: { course: inCourse.row.courseId },
      };
    }
    return undefined;
  }
}
