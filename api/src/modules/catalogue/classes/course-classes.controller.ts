import { Body, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AdminClass, Lang, VisibilityResult } from '@circo/shared-contracts';
import { ClassBodyDto } from '../admin/admin-bodies.dto.js';
import { LangPipe } from '../../../common/pipes/lang.pipe.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { CourseAdminService } from '../courses/course-admin.service.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin writes of course classes. The full class is read at GET /classes/admin/{id}. */
@CatalogueAdminController('course-classes', 'admin: courses')
export class CourseClassesController {
  constructor(private readonly courses: CourseAdminService) {}

  @Post(':courseId')
  @ApiOperation({ summary: 'Add a class at the end of the course ({id} is the course id)' })
  create(
    @Param('courseId', UuidPipe) courseId: string,
    @Body() body: ClassBodyDto,
  ): Promise<AdminClass> {
    return this.courses.createClass(courseId, body);
  }

  /** Updates a course class. */
  @Put(':id')
  update(@Param('id', UuidPipe) id: string, @Body() body: ClassBodyDto): Promise<AdminClass> {
    return this.courses.updateClass(id, body);
  }

  /** Deletes a course class. */
  @DeleteById()
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.courses.removeClass(id);
  }

  /** Switches a course class on or off in one language. */
  @Patch(':id/visibility/:lang')
  toggle(
    @Param('id', UuidPipe) id: string,
    @Param('lang', LangPipe) lang: Lang,
  ): Promise<VisibilityResult> {
    return this.courses.toggleClassVisibility(id, lang);
  }
}
