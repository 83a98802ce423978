import { Body, Get, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CATALOG_ERRORS, type AdminClass } from '@circo/shared-contracts';
import { ClassBodyDto } from '../admin/admin-bodies.dto.js';
import { notFound } from '../../../common/errors/app-error.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { CourseAdminService } from '../courses/course-admin.service.js';
import { FormationClassesAdminService } from './formation-classes-admin.service.js';
import { CatalogueAdminController, ChildAdminRoutes } from '../admin/admin-routes.js';

/** Admin reads of any class and writes of formation classes. */
@CatalogueAdminController('classes', 'admin: formations')
export class ClassesAdminController extends ChildAdminRoutes(ClassBodyDto)<AdminClass> {
  constructor(
    private readonly classes: FormationClassesAdminService,
    private readonly courses: CourseAdminService,
  ) {
    super({
      /** Updates a formation class. */
      update: (id, body) => classes.update(id, body),
      /** Deletes a formation class. */
      remove: (id) => classes.remove(id),
      /** Switches a formation class on or off in one language. */
      toggle: (id, lang) => classes.toggleVisibility(id, lang),
    });
  }

  @Get('admin/:id')
  @ApiOperation({ summary: 'A course or formation class with everything, media URLs included' })
  async get(@Param('id', UuidPipe) id: string): Promise<AdminClass> {
    const found = (await this.classes.get(id)) ?? (await this.courses.getClass(id));
    if (!found) throw notFound(CATALOG_ERRORS.classNotFound, 'Class not found');
    return found;
  }

  @Post()
  @ApiOperation({ summary: 'Add a class at the end of a module (moduleId required)' })
  create(@Body() body: ClassBodyDto): Promise<AdminClass> {
    return this.classes.create(body);
  }
}
