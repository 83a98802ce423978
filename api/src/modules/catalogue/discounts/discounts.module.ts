import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../cache/public-cache.module.js';
import { CoursesModule } from '../courses/courses.module.js';
import { FormationsModule } from '../formations/formations.module.js';
import { DiscountAdminRepository } from './discount-admin.repository.js';
import { DiscountAdminService } from './discount-admin.service.js';
import { DiscountsAdminController } from './discounts-admin.controller.js';
import { DiscountsController } from './discounts.controller.js';
import { DiscountsRepository } from './discounts.repository.js';
import { DiscountsService } from './discounts.service.js';

@Module({
  imports: [PublicCacheModule, CoursesModule, FormationsModule],
  controllers: [DiscountsAdminController, DiscountsController],
  providers: [DiscountsRepository, DiscountsService, DiscountAdminRepository, DiscountAdminService],
  exports: [DiscountsService],
})
export class DiscountsModule {}
