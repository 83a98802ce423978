import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import { classMedia, type ClassMediaRow, type MediaOwnerKind } from './class-media.table.js';

@Injectable()
export class ClassMediaRepository extends Repository {
  /** The PDFs and videos of one class, PDFs first, each kind in its order. */
  listForClass(ownerKind: MediaOwnerKind, classId: string): Promise<ClassMediaRow[]> {
    const owner =
      ownerKind === 'course_class' ? classMedia.courseClassId : classMedia.formationClassId;
    return this.db
      .select()
      .from(classMedia)
      .where(and(eq(classMedia.ownerKind, ownerKind), eq(owner, classId)))
      .orderBy(asc(classMedia.kind), asc(classMedia.position), asc(classMedia.createdAt));
  }
}
