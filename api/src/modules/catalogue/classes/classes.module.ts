import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../cache/public-cache.module.js';
import { ClassMediaModule } from './class-media.module.js';
import { CoursesModule } from '../courses/courses.module.js';
import { FormationsModule } from '../formations/formations.module.js';
import { PurchasesModule } from '../../purchases/purchases.module.js';
import { ClassesController } from './classes.controller.js';
import { ClassesService } from './classes.service.js';

/** /classes: no table of its own; asks the courses, formations, purchases and media services. */
@Module({
  imports: [PublicCacheModule, CoursesModule, FormationsModule, PurchasesModule, ClassMediaModule],
  controllers: [ClassesController],
  providers: [ClassesService],
  exports: [ClassesService],
})
export class ClassesModule {}
