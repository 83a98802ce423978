import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../cache/public-cache.module.js';
import { ClassMediaModule } from '../classes/class-media.module.js';
import { CoursesModule } from '../courses/courses.module.js';
import { PurchasesModule } from '../../purchases/purchases.module.js';
import { UploadsModule } from '../../uploads/uploads.module.js';
import { ClassesAdminController } from '../classes/classes-admin.controller.js';
import { FormationAdminRepository } from './formation-admin.repository.js';
import { FormationAdminService } from './formation-admin.service.js';
import { FormationClassesAdminService } from '../classes/formation-classes-admin.service.js';
import { FormationsAdminController } from './formations-admin.controller.js';
import { FormationsController } from './formations.controller.js';
import { FormationsRepository } from './formations.repository.js';
import { FormationsService } from './formations.service.js';
import { ModulesAdminController } from './modules-admin.controller.js';
import { ModulesController } from './modules.controller.js';

@Module({
  imports: [PublicCacheModule, ClassMediaModule, CoursesModule, PurchasesModule, UploadsModule],
  controllers: [
    FormationsAdminController,
    FormationsController,
    ModulesAdminController,
    ModulesController,
    ClassesAdminController,
  ],
  providers: [
    FormationsRepository,
    FormationsService,
    FormationAdminRepository,
    FormationAdminService,
    FormationClassesAdminService,
  ],
  exports: [FormationsService],
})
export class FormationsModule {}
