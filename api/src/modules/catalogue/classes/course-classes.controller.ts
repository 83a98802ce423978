import { Body, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AdminClass } from '@circo/shared-contracts';
import { ClassBodyDto } from '../admin/admin-bodies.dto.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { CourseAdminService } from '../courses/course-admin.service.js';
import { CatalogueAdminController, ChildAdminRoutes } from '../admin/admin-routes.js';

/** Admin writes of course classes. The full class is read at GET /classes/admin/{id}. */
@CatalogueAdminController('course-classes', 'admin: courses')
export class CourseClassesController extends ChildAdminRoutes(ClassBodyDto)<AdminClass> {
  constructor(private readonly courses: CourseAdminService) {
    super({
      /** Updates a course class. */
      update: (id, body) => courses.updateClass(id, body),
      /** Deletes a course class. */
      remove: (id) => courses.removeClass(id),
      /** Switches a course class on or off in one language. */
      toggle: (id, lang) => courses.toggleClassVisibility(id, lang),
    });
  }

  @Post(':courseId')
  @ApiOperation({ summary: 'Add a class at the end of the course ({id} is the course id)' })
  create(
    @Param('courseId', UuidPipe) courseId: string,
    @Body() body: ClassBodyDto,
  ): Promise<AdminClass> {
    return this.courses.createClass(courseId, body);
  }
}
