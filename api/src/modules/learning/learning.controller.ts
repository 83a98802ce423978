import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  MyCourseResponse,
  MyFormationResponse,
  MyItemsResponse,
} from '@circo/shared-contracts';
import { viewerOf } from '../catalogue/index.js';
import { LangQueryDto } from '../../common/dto/lang-query.dto.js';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { LearningService } from './learning.service.js';

/** The student area's data (the spec's "paths not shown": ours, also in shared-contracts). */
@ApiTags('learning')
@Controller('learning')
@Auth()
export class LearningController {
  constructor(private readonly learning: LearningService) {}

  @Get('my-items')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      "My Courses: the caller's formations and courses with expiry (an admin: everything visible in the language)",
  })
  myItems(@CurrentUser() user: AuthUser, @Query() query: LangQueryDto): Promise<MyItemsResponse> {
    return this.learning.myItems(user, query.lang, viewerOf(user));
  }

  @ApiForbiddenResponse({
    description: 'learning.purchase_required or learning.access_expired: no active access',
  })
  @Get('formations/:id')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      'A bought formation with its visible modules and classes and the classes done (403 learning.purchase_required / learning.access_expired / catalog.unavailable_in_language)',
  })
  formation(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Query() query: LangQueryDto,
  ): Promise<MyFormationResponse> {
    return this.learning.formation(user, id, query.lang, viewerOf(user));
  }

  @ApiForbiddenResponse({
    description: 'learning.purchase_required or learning.access_expired: no active access',
  })
  @Get('courses/:id')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'A bought course with its visible classes and the classes done' })
  course(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Query() query: LangQueryDto,
  ): Promise<MyCourseResponse> {
    return this.learning.course(user, id, query.lang, viewerOf(user));
  }
}
