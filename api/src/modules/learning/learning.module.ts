import { Module } from '@nestjs/common';
import { ClassesModule } from '../catalogue/classes/classes.module.js';
import { CoursesModule } from '../catalogue/courses/courses.module.js';
import { FormationsModule } from '../catalogue/formations/formations.module.js';
import { MediaModule } from '../media/media.module.js';
import { ProgressModule } from '../progress/progress.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { UsersModule } from '../users/users.module.js';
import { LearningController } from './learning.controller.js';
import { LearningService } from './learning.service.js';
import { PrivateMediaController } from './private-media.controller.js';
import { PrivateMediaService } from './private-media.service.js';
import { StampedFilesController } from './stamped-files.controller.js';

/** The student area: /learning/... and the private-media routes. No table of its own. */
@Module({
  imports: [
    ClassesModule,
    CoursesModule,
    FormationsModule,
    MediaModule,
    ProgressModule,
    PurchasesModule,
    UsersModule,
  ],
  controllers: [LearningController, PrivateMediaController, StampedFilesController],
  providers: [LearningService, PrivateMediaService],
})
export class LearningModule {}
