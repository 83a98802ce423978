import { Module } from '@nestjs/common';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { InsightsRepository } from './insights.repository.js';
import { SalesStatsController } from './sales-stats.controller.js';
import { SalesStatsService } from './sales-stats.service.js';
import { StudentsController } from './students.controller.js';
import { StudentsService } from './students.service.js';
import { TimeZones, TimeZonesRepository } from './time-zones.js';

/** The coach's business in the admin area: the sales dashboard and the students. */
@Module({
  imports: [PurchasesModule],
  controllers: [SalesStatsController, StudentsController],
  providers: [
    InsightsRepository,
    SalesStatsService,
    StudentsService,
    TimeZonesRepository,
    TimeZones,
  ],
})
export class InsightsModule {}
