import { Module } from '@nestjs/common';
import { ClassesModule } from '../catalogue/classes/classes.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MediaModule } from '../media/media.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminPracticeClipsController } from './admin-practice-clips.controller.js';
import { PracticeClipsController } from './practice-clips.controller.js';
import { PracticeClipsRepository } from './practice-clips.repository.js';
import { PracticeClipsService } from './practice-clips.service.js';
import { PracticeAnswersService } from './practice-answers.service.js';
import { ClipViews } from './clip-views.js';

/** Practice feedback: students' clips and the teacher's pinned answers. */
@Module({
  imports: [ClassesModule, MailModule, MediaModule, UploadsModule],
  controllers: [PracticeClipsController, AdminPracticeClipsController],
  providers: [PracticeClipsRepository, ClipViews, PracticeClipsService, PracticeAnswersService],
  exports: [PracticeClipsService],
})
export class PracticeClipsModule {}
