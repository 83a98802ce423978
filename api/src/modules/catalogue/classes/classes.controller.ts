import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ClassDetail, ClassSummary } from '@circo/shared-contracts';
import { ApiHiddenInLanguage, viewerOf } from '../visibility.js';
import { LangQueryDto } from '../../../common/dto/lang-query.dto.js';
import { CurrentUser, type AuthUser } from '../../auth/index.js';
import { NotCached, PublicCache } from '../cache/public-cache.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { ClassesService } from './classes.service.js';

@ApiTags('classes')
@Controller('classes')
@PublicCache()
export class ClassesController {
  constructor(private readonly classes: ClassesService) {}

  /** The titles of a module's classes visible in the language. */
  @ApiHiddenInLanguage()
  @Get('module/:moduleId')
  byModule(
    @Param('moduleId', UuidPipe) moduleId: string,
    @Query() query: LangQueryDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<ClassSummary[]> {
    return this.classes.byModule(moduleId, query.lang, viewerOf(user));
  }

  /** A course or formation class with its content: admins and buyers with active access only. */
  @ApiHiddenInLanguage('classes.purchase_required for a class that is not free')
  @Get(':id')
  @NotCached()
  detail(
    @Param('id', UuidPipe) id: string,
    @Query() query: LangQueryDto,
    @CurrentUser() user?: AuthUser,
  ): Promise<ClassDetail> {
    return this.classes.detail(id, query.lang, viewerOf(user));
  }
}
