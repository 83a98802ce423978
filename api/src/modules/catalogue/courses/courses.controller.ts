import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CourseDetail, CourseSummary } from '@circo/shared-contracts';
import { ApiHiddenInLanguage, viewerOf } from '../visibility.js';
import { LangQueryDto } from '../../../common/dto/lang-query.dto.js';
import { CurrentUser, type AuthUser } from '../../auth/index.js';
import { PublicCache } from '../cache/public-cache.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { CoursesService } from './courses.service.js';
import { ListCoursesDto } from './dto/list-courses.dto.js';

@ApiTags('courses')
@Controller('courses')
@PublicCache()
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  /** Courses visible in the language, newest first; `?limit=` (default 100, max 200) and `?offset=`. */
  @Get('visible')
  listVisible(
    @Query() query: ListCoursesDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<CourseSummary[]> {
    return this.courses.listVisible(query.lang, viewerOf(user), {
      limit: query.limit,
      offset: query.offset,
    });
  }

  /** The course and its classes' titles; 403 + availableLanguages when hidden in the language. */
  @ApiHiddenInLanguage()
  @Get(':id')
  detail(
    @Param('id', UuidPipe) id: string,
    @Query() query: LangQueryDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<CourseDetail> {
    return this.courses.detail(id, query.lang, viewerOf(user));
  }
}
