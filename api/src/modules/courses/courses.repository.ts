import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { DB } from '../../database/database.module.js';
import type { Database } from '../../database/database.js';
import { courseClasses, courses, type CourseRow } from './courses.table.js';

@Injectable()
export class CoursesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findById(id: string): Promise<CourseRow | undefined> {
    const [row] = await this.db.select().from(courses).where(eq(courses.id, id)).limit(1);
    return row;
  }

  /** Ids of the course's classes, in order. */
  async classIds(courseId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: courseClasses.id })
      .from(courseClasses)
      .where(eq(courseClasses.courseId, courseId))
      .orderBy(asc(courseClasses.position), asc(courseClasses.createdAt));
    return rows.map((r) => r.id);
  }
}
