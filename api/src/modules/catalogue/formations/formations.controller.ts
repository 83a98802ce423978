import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FormationDetail, FormationSummary } from '@circo/shared-contracts';
import { ApiHiddenInLanguage, viewerOf } from '../visibility.js';
import { LangQueryDto } from '../../../common/dto/lang-query.dto.js';
import { CurrentUser, type AuthUser } from '../../auth/index.js';
import { PublicCache } from '../cache/public-cache.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { FormationsService } from './formations.service.js';

@ApiTags('formations')
@Controller('formations')
@PublicCache()
export class FormationsController {
  constructor(private readonly formations: FormationsService) {}

  /** Online formations visible in the language, newest first. */
  @Get()
  list(@Query() query: LangQueryDto, @CurrentUser() user?: AuthUser): Promise<FormationSummary[]> {
    return this.formations.listVisible(query.lang, viewerOf(user));
  }

  /** The formation with its modules and classes; 403 + availableLanguages when hidden in the language. */
  @ApiHiddenInLanguage()
  @Get('visible/:id')
  visible(
    @Param('id', UuidPipe) id: string,
    @Query() query: LangQueryDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<FormationDetail> {
    return this.formations.detail(id, query.lang, viewerOf(user));
  }

  /** The same answer as /formations/visible/{id} (both paths are in the spec). */
  @ApiHiddenInLanguage()
  @Get(':id')
  detail(
    @Param('id', UuidPipe) id: string,
    @Query() query: LangQueryDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<FormationDetail> {
    return this.formations.detail(id, query.lang, viewerOf(user));
  }
}
