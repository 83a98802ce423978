import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type {
  ClassPositionResponse,
  PracticeLogResponse,
  PracticePreferences,
} from '@circo/shared-contracts';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import {
  ClassIdParamDto,
  PostPracticeLogDto,
  PracticeLogQueryDto,
  PracticePreferencesDto,
  PutPositionDto,
} from './dto/practice.dto.js';
import { PracticeService } from './practice.service.js';

const OWN_CLASS =
  '401 without a session; 404 classes.not_found; 403 classes.purchase_required without active access';

/** The practice player's data of the signed-in student. */
@ApiTags('learning')
@Controller('learning')
@Auth()
export class PracticeController {
  constructor(private readonly practice: PracticeService) {}

  @ApiForbiddenResponse({ description: 'classes.purchase_required: no active access to the class' })
  @Get('classes/:classId/position')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: `Where the student left the class's video (${OWN_CLASS})` })
  position(
    @CurrentUser() user: AuthUser,
    @Param() params: ClassIdParamDto,
  ): Promise<ClassPositionResponse> {
    return this.practice.position(user, params.classId);
  }

  @ApiForbiddenResponse({ description: 'classes.purchase_required: no active access to the class' })
  @Put('classes/:classId/position')
  @AccountRateLimit('progress')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: `Saves where the student is in the class's video, { seconds, video? } (${OWN_CLASS}; 400 for a bad value)`,
  })
  savePosition(
    @CurrentUser() user: AuthUser,
    @Param() params: ClassIdParamDto,
    @Body() body: PutPositionDto,
  ): Promise<ClassPositionResponse> {
    return this.practice.savePosition(user, params.classId, body.seconds, body.video);
  }

  @Get('practice-preferences')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "The player's remembered speed, mirror, countdown and camera delay" })
  preferences(@CurrentUser() user: AuthUser): Promise<PracticePreferences> {
    return this.practice.preferences(user);
  }

  @Put('practice-preferences')
  @AccountRateLimit('progress')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "Remembers the player's choices for the student" })
  savePreferences(
    @CurrentUser() user: AuthUser,
    @Body() body: PracticePreferencesDto,
  ): Promise<PracticePreferences> {
    return this.practice.savePreferences(user, body);
  }

  @ApiNotFoundResponse({ description: 'classes.not_found: no such class' })
  @ApiForbiddenResponse({ description: 'classes.purchase_required: no active access to the class' })
  @Get('practice-log')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: `The student's practice: total minutes (of a class with classId), streak, latest entries, minutes per item (${OWN_CLASS})`,
  })
  log(
    @CurrentUser() user: AuthUser,
    @Query() query: PracticeLogQueryDto,
  ): Promise<PracticeLogResponse> {
    return this.practice.log(user, query.classId, query.today);
  }

  @ApiNotFoundResponse({ description: 'classes.not_found: no such class' })
  @ApiForbiddenResponse({ description: 'classes.purchase_required: no active access to the class' })
  @ApiConflictResponse({
    description:
      'practice.idempotency_key_reused: the key names an entry of another class, minutes or day',
  })
  @Post('practice-log')
  @AccountRateLimit('progress')
  @HttpCode(201)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: `"I practised this": { classId, minutes, day?, idempotencyKey? }, written once per key; answers the class's log (${OWN_CLASS})`,
  })
  addLog(
    @CurrentUser() user: AuthUser,
    @Body() body: PostPracticeLogDto,
  ): Promise<PracticeLogResponse> {
    return this.practice.addLog(user, body.classId, body.minutes, body.day, body.idempotencyKey);
  }
}
