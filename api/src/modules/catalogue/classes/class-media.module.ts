import { Module } from '@nestjs/common';
import { UploadsModule } from '../../uploads/uploads.module.js';
import { ClassMediaRepository } from './class-media.repository.js';
import { ClassMediaService } from './class-media.service.js';
import { ClassWriterService } from './class-writer.service.js';

@Module({
  imports: [UploadsModule],
  providers: [ClassMediaRepository, ClassMediaService, ClassWriterService],
  exports: [ClassMediaService, ClassWriterService],
})
export class ClassMediaModule {}
