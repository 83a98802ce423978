import { Module } from '@nestjs/common';
import { ClassMediaRepository } from './class-media.repository.js';
import { ClassMediaService } from './class-media.service.js';

@Module({ providers: [ClassMediaRepository, ClassMediaService], exports: [ClassMediaService] })
export class ClassMediaModule {}
