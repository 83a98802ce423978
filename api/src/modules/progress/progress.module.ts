import { Module } from '@nestjs/common';
import { CoursesModule } from '../catalogue/courses/courses.module.js';
import { FormationsModule } from '../catalogue/formations/formations.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { ProgressRepository } from './progress.repository.js';
import { ProgressService } from './progress.service.js';

@Module({
  imports: [CoursesModule, FormationsModule, PurchasesModule],
  providers: [ProgressRepository, ProgressService],
  exports: [ProgressService],
})
export class ProgressModule {}
