import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../cache/public-cache.module.js';
import { CoursesModule } from '../courses/courses.module.js';
import { FormationsModule } from '../formations/formations.module.js';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';

@Module({
  imports: [PublicCacheModule, CoursesModule, FormationsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
