import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ModuleSummary } from '@circo/shared-contracts';
import { ApiHiddenInLanguage, viewerOf } from '../visibility.js';
import { LangQueryDto } from '../../../common/dto/lang-query.dto.js';
import { CurrentUser, type AuthUser } from '../../auth/index.js';
import { PublicCache } from '../cache/public-cache.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { FormationsService } from './formations.service.js';

/** The modules of an online formation (`?lang=` optional, Spanish by default). */
@ApiTags('formations')
@Controller('modules')
@PublicCache()
export class ModulesController {
  constructor(private readonly formations: FormationsService) {}

  /** The modules of a formation visible in the language, in order. */
  @ApiHiddenInLanguage()
  @Get('formation/:formationId')
  byFormation(
    @Param('formationId', UuidPipe) formationId: string,
    @Query() query: LangQueryDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<ModuleSummary[]> {
    return this.formations.modules(formationId, query.lang, viewerOf(user));
  }
}
