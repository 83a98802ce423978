import { Module } from '@nestjs/common';
import { ClassesModule } from '../catalogue/classes/classes.module.js';
import { PracticeController } from './practice.controller.js';
import { PracticeRepository } from './practice.repository.js';
import { PracticeService } from './practice.service.js';

/** The practice player's data: video positions, remembered choices, the practice log. */
@Module({
  imports: [ClassesModule],
  controllers: [PracticeController],
  providers: [PracticeRepository, PracticeService],
})
export class PracticeModule {}
