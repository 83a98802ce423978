import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../catalogue/cache/public-cache.module.js';
import { CoursesModule } from '../catalogue/courses/courses.module.js';
import { FormationsModule } from '../catalogue/formations/formations.module.js';
import { PlansAdminController } from './plans-admin.controller.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';

/** Membership plans and the subscriptions to them. */
@Module({
  imports: [PublicCacheModule, CoursesModule, FormationsModule],
  controllers: [PlansAdminController, PlansController],
  providers: [PlansRepository, PlansService],
  exports: [PlansService],
})
export class MembershipsModule {}
