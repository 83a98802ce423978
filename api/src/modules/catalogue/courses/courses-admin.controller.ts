import { Body, Get, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminCourse, VisibilityResult } from '@circo/shared-contracts';
import { OrderBodyDto, VisibilityBodyDto } from '../admin/admin-bodies.dto.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { CourseAdminService } from './course-admin.service.js';
import { CourseBodyDto } from './dto/course-body.dto.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin writes of courses (admin spec section 7). Every route: admins only. */
@CatalogueAdminController('courses', 'admin: courses')
export class CoursesAdminController {
  constructor(private readonly courses: CourseAdminService) {}

  @Get('admin')
  @ApiOperation({ summary: 'Every course in every language, newest first, with class titles' })
  list(): Promise<AdminCourse[]> {
    return this.courses.list();
  }

  @Post()
  @ApiOperation({ summary: 'Create a course (full form, or a simple form with `language`)' })
  create(@Body() body: CourseBodyDto): Promise<AdminCourse> {
    return this.courses.create(body);
  }

  /** Updates a course (full form). */
  @Put(':id')
  update(@Param('id', UuidPipe) id: string, @Body() body: CourseBodyDto): Promise<AdminCourse> {
    return this.courses.update(id, body);
  }

  @ApiConflictResponse({ description: 'common.in_use: someone has had access to the course' })
  @DeleteById()
  @ApiOperation({
    summary: 'Delete a course, its classes and files (409 common.in_use with buyers)',
  })
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.courses.remove(id);
  }

  @Patch(':id/visibility/language')
  @ApiOperation({ summary: 'Switch the course on or off in one language' })
  toggle(
    @Param('id', UuidPipe) id: string,
    @Body() body: VisibilityBodyDto,
  ): Promise<VisibilityResult> {
    return this.courses.toggleVisibility(id, body.language);
  }

  @Put(':id/classes/order')
  @ApiOperation({ summary: 'Reorder the classes: every class id once, in the new order' })
  reorder(@Param('id', UuidPipe) id: string, @Body() body: OrderBodyDto): Promise<AdminCourse> {
    return this.courses.reorderClasses(id, body.ids);
  }
}
