import { Module } from '@nestjs/common';
import { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

@Module({ providers: [UploadsRepository, UploadsService], exports: [UploadsService] })
export class UploadsModule {}
