import { rm } from 'node:fs/promises';
import {
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { PracticeClip, PracticeClipsResponse } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { receiveUpload } from '../uploads/index.js';
import { validBody } from './body.js';
import { ClipFieldsDto, ClipIdParamDto, ClipsQueryDto } from './dto/practice-clips.dto.js';
import { PracticeClipsService } from './practice-clips.service.js';

/** The student's practice clips. */
@ApiTags('practice')
@Controller('practice/clips')
@Auth()
export class PracticeClipsController {
  constructor(
    private readonly clips: PracticeClipsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiForbiddenResponse({
    description: 'practice_clips.access_required: no active access to the class',
  })
  @Post()
  @AccountRateLimit('clip')
  @HttpCode(201)
  @Header('Cache-Control', 'private, no-store')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['classId', 'file'],
      properties: {
        classId: { type: 'string', format: 'uuid' },
        note: { type: 'string', maxLength: 1000 },
        source: { type: 'string', enum: ['file', 'recording'] },
        lang: { type: 'string', enum: ['es', 'en', 'fr'] },
        file: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiOperation({
    summary:
      'Sends a practice clip (multipart classId, note, source, lang, file: MP4/MOV/WebM, PRACTICE_MAX_MB and PRACTICE_MAX_SECONDS). 403 practice_clips.access_required without active access; 409 practice_clips.too_many_pending; 413 uploads.too_large; 415 uploads.wrong_type; 400 practice_clips.too_long / unreadable / no_video',
  })
  async create(@Req() req: FastifyRequest, @CurrentUser() user: AuthUser): Promise<PracticeClip> {
    const { file, fields } = await receiveUpload(
      req,
      this.config.dataDir,
      'file',
      'video',
      this.clips.limits.maxBytes,
    );
    try {
      const body = await validBody(ClipFieldsDto, fields);
      return await this.clips.create(
        user,
        {
          classId: body.classId,
          note: body.note?.trim() ?? '',
          source: body.source ?? 'file',
          lang: body.lang ?? 'es',
        },
        file,
      );
    } finally {
      await rm(file.tmpPath, { force: true });
    }
  }

  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      "The student's own clips (of one class with classId), newest first, with the teacher's comments and short-lived links",
  })
  mine(
    @CurrentUser() user: AuthUser,
    @Query() query: ClipsQueryDto,
  ): Promise<PracticeClipsResponse> {
    return this.clips.mine(user, query.classId);
  }

  @Delete(':id')
  @AccountRateLimit('clip')
  @HttpCode(204)
  @ApiOperation({
    summary:
      "Deletes the student's own clip, its comments and files (404 practice_clips.not_found for anyone else's)",
  })
  async remove(@CurrentUser() user: AuthUser, @Param() params: ClipIdParamDto): Promise<void> {
    await this.clips.remove(user, params.id);
  }
}
