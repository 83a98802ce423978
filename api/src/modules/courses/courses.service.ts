import { Injectable } from '@nestjs/common';
import { CATALOG_ERRORS } from '@circo/shared-contracts';
import { notFound } from '../../common/errors/app-error.js';
import { CoursesRepository } from './courses.repository.js';
import type { CourseRow } from './courses.table.js';

@Injectable()
export class CoursesService {
  constructor(private readonly repo: CoursesRepository) {}

  /** The course, or 404 `courses.not_found`. */
  async get(id: string): Promise<CourseRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');
    return row;
  }

  /** Ids of the course's classes (404 when the course does not exist). */
  async classIds(courseId: string): Promise<string[]> {
    await this.get(courseId);
    return this.repo.classIds(courseId);
  }
}
