import { Module } from '@nestjs/common';
import { MediaModule } from '../media/index.js';
import { DirectUploadController } from './direct-upload.controller.js';
import { DirectUploadsService } from './direct-uploads.service.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [MediaModule],
  controllers: [UploadsController, DirectUploadController],
  providers: [UploadsRepository, UploadsService, DirectUploadsService],
  exports: [UploadsService],
})
export class UploadsModule {}
