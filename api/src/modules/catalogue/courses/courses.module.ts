import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../cache/public-cache.module.js';
import { ClassMediaModule } from '../classes/class-media.module.js';
import { PurchasesModule } from '../../purchases/purchases.module.js';
import { UploadsModule } from '../../uploads/uploads.module.js';
import { CourseAdminRepository } from './course-admin.repository.js';
import { CourseAdminService } from './course-admin.service.js';
import { CourseClassesController } from '../classes/course-classes.controller.js';
import { CoursesAdminController } from './courses-admin.controller.js';
import { CoursesController } from './courses.controller.js';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';

@Module({
  imports: [PublicCacheModule, ClassMediaModule, PurchasesModule, UploadsModule],
  controllers: [CoursesAdminController, CoursesController, CourseClassesController],
  providers: [CoursesRepository, CoursesService, CourseAdminRepository, CourseAdminService],
  exports: [CoursesService, CourseAdminService],
})
export class CoursesModule {}
