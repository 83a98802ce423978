import { rm } from 'node:fs/promises';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiExtraModels,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  PRACTICE_VOICE_MAX_BYTES,
  type AdminPracticeClip,
  type AdminPracticeClipsPage,
  type AdminWaitingWork,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { receiveUpload, type ReceivedFile } from '../uploads/index.js';
import { jsonField, numberField, validBody } from './body.js';
import {
  AdminClipsQueryDto,
  ClipIdParamDto,
  CommentBodyDto,
  CommentIdParamDto,
  PatchClipDto,
} from './dto/practice-clips.dto.js';
import { PracticeAnswersService } from './practice-answers.service.js';

/** The teacher's side of practice feedback: the queue, pinned comments, answered. */
@ApiTags('admin-practice')
@ApiExtraModels(CommentBodyDto)
@Controller('admin/practice/clips')
@Auth('admin')
export class AdminPracticeClipsController {
  constructor(
    private readonly clips: PracticeAnswersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      "The queue: clips waiting for an answer oldest first (status=pending, the default), or answered ones latest first, with student, item and class; studentId: one student's (their admin page)",
  })
  queue(@Query() query: AdminClipsQueryDto): Promise<AdminPracticeClipsPage> {
    return this.clips.queue(query.status ?? 'pending', query.page ?? 1, query.studentId);
  }

  @Get('waiting')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      "The work waiting for the teacher, counted: clips not answered yet (the admin's home and menu)",
  })
  waiting(): Promise<AdminWaitingWork> {
    return this.clips.waiting();
  }

  @Get(':id')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'One clip with its comments (404 practice_clips.not_found)' })
  one(@Param() params: ClipIdParamDto): Promise<AdminPracticeClip> {
    return this.clips.adminClip(params.id);
  }

  @ApiConflictResponse({
    description: 'practice_clips.too_many_comments: the clip holds the most comments it can',
  })
  @Post(':id/comments')
  @AccountRateLimit('upload')
  @HttpCode(201)
  @Header('Cache-Control', 'private, no-store')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(CommentBodyDto) },
        {
          type: 'object',
          description: 'multipart: the same fields (drawing as JSON text) and a voice note',
          properties: {
            atSeconds: { type: 'number' },
            text: { type: 'string' },
            drawing: { type: 'string' },
            audio: { type: 'string', format: 'binary' },
          },
        },
      ],
    },
  })
  @ApiOperation({
    summary:
      'A comment pinned to a moment: JSON { atSeconds, text?, drawing? } or multipart with a voice note `audio` (WebM/MP4, at most 60 s). 400 practice_clips.time_outside / drawing_outside / drawing_invalid / empty_comment / voice_too_long; 409 practice_clips.too_many_comments. Answers the clip',
  })
  async comment(
    @Req() req: FastifyRequest,
    @Param() params: ClipIdParamDto,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminPracticeClip> {
    let raw: unknown = req.body;
    let voice: ReceivedFile | null = null;
    if (req.isMultipart()) {
      // multipart carries a voice note (`audio`, required then); JSON a comment without one
      const { file, fields } = await receiveUpload(
        req,
        this.config.dataDir,
        'audio',
        'audio',
        PRACTICE_VOICE_MAX_BYTES,
      );
      voice = file;
      raw = {
        ...fields,
        atSeconds: numberField(fields.atSeconds),
        drawing: jsonField('drawing', fields.drawing),
      };
    }
    try {
      const body = await validBody(CommentBodyDto, dropUndefined(raw));
      return await this.clips.addComment(
        user.id,
        params.id,
        { atSeconds: body.atSeconds, text: body.text?.trim() ?? '', drawing: body.drawing ?? [] },
        voice,
      );
    } finally {
      if (voice) await rm(voice.tmpPath, { force: true });
    }
  }

  @Delete(':id/comments/:commentId')
  @AccountRateLimit('upload')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Deletes a comment and its voice note (404 practice_clips.not_found / comment_not_found)',
  })
  async removeComment(@Param() params: CommentIdParamDto): Promise<void> {
    await this.clips.removeComment(params.id, params.commentId);
  }

  @ApiConflictResponse({
    description: 'practice_clips.no_comments: a clip is answered only with a comment',
  })
  @Patch(':id')
  @AccountRateLimit('upload')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      '{ status: answered | pending }: answered needs a comment (409 practice_clips.no_comments) and e-mails the student in their language',
  })
  setStatus(
    @Param() params: ClipIdParamDto,
    @Body() body: PatchClipDto,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminPracticeClip> {
    return this.clips.setStatus(user.id, params.id, body.status);
  }
}

function dropUndefined(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
}
