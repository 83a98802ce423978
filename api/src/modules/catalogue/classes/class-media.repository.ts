import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Repository } from '../../../database/transactions.js';
import {
  classMedia,
  type ClassMediaRow,
  type MediaOwnerKind,
  type NewClassMediaRow,
} from '../../../database/tables/class-media.table.js';

const ownerColumn = (ownerKind: MediaOwnerKind) =>
  ownerKind === 'course_class' ? classMedia.courseClassId : classMedia.formationClassId;

@Injectable()
export class ClassMediaRepository extends Repository {
  /** The PDFs and videos of one class, PDFs first, each kind in its order. */
  listForClass(ownerKind: MediaOwnerKind, classId: string): Promise<ClassMediaRow[]> {
    return this.listForClasses(ownerKind, [classId]);
  }

  listForClasses(ownerKind: MediaOwnerKind, classIds: readonly string[]): Promise<ClassMediaRow[]> {
    if (classIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(classMedia)
      .where(
        and(eq(classMedia.ownerKind, ownerKind), inArray(ownerColumn(ownerKind), [...classIds])),
      )
      .orderBy(asc(classMedia.kind), asc(classMedia.position), asc(classMedia.createdAt));
  }

  /** Replaces the class's media with `rows` (ids kept where given). */
  async replaceForClass(
    ownerKind: MediaOwnerKind,
    classId: string,
    rows: NewClassMediaRow[],
  ): Promise<void> {
    await this.db
      .delete(classMedia)
      .where(and(eq(classMedia.ownerKind, ownerKind), eq(ownerColumn(ownerKind), classId)));
    if (rows.length > 0) await this.db.insert(classMedia).values(rows);
  }
}
