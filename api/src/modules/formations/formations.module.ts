import { Module } from '@nestjs/common';
import { FormationsRepository } from './formations.repository.js';
import { FormationsService } from './formations.service.js';

@Module({ providers: [FormationsRepository, FormationsService], exports: [FormationsService] })
export class FormationsModule {}
