import { Module } from '@nestjs/common';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';

@Module({ providers: [CoursesRepository, CoursesService], exports: [CoursesService] })
export class CoursesModule {}
