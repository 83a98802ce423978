import { Body, Get, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  CATALOG_ERRORS,
  type AdminClass,
  type Lang,
  type VisibilityResult,
} from '@circo/shared-contracts';
import { ClassBodyDto } from '../admin/admin-bodies.dto.js';
import { notFound } from '../../../common/errors/app-error.js';
import { LangPipe } from '../../../common/pipes/lang.pipe.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { CourseAdminService } from '../courses/course-admin.service.js';
import { FormationClassesAdminService } from './formation-classes-admin.service.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin reads of any class and writes of formation classes. */
@CatalogueAdminController('classes', 'admin: formations')
export class ClassesAdminController {
  constructor(
    private readonly classes: FormationClassesAdminService,
    private readonly courses: CourseAdminService,
  ) {}

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

  /** Updates a formation class. */
  @Put(':id')
  update(@Param('id', UuidPipe) id: string, @Body() body: ClassBodyDto): Promise<AdminClass> {
    return this.classes.update(id, body);
  }

  /** Deletes a formation class. */
  @DeleteById()
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.classes.remove(id);
  }

  /** Switches a formation class on or off in one language. */
  @Patch(':id/visibility/:lang')
  toggle(
    @Param('id', UuidPipe) id: string,
    @Param('lang', LangPipe) lang: Lang,
  ): Promise<VisibilityResult> {
    return this.classes.toggleVisibility(id, lang);
  }
}
