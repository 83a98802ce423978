import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { DB } from '../../database/database.module.js';
import type { Database } from '../../database/database.js';
import { classMedia, type ClassMediaRow, type MediaOwnerKind } from './class-media.table.js';

@Injectable()
export class ClassMediaRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

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
