import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsUUID, Max, Min } from 'class-validator';
import {
  CAMERA_DELAYS,
  MEDIA_INDEX_MAX,
  POSITION_SECONDS_MAX,
  PRACTICE_COUNTDOWNS,
  PRACTICE_MINUTES_MAX,
  PRACTICE_MINUTES_MIN,
  PRACTICE_SPEEDS,
  type CameraDelay,
  type PracticeCountdown,
  type PracticeSpeed,
} from '@circo/shared-contracts';
import { IsCalendarDay } from '../../../common/date-fields.js';
import { CanonicalId } from '../../../common/validators.js';

/** /learning/classes/{classId}/position */
export class ClassIdParamDto {
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;
}

/** PUT /learning/classes/{classId}/position: a JSON number, never a string that looks like one. */
export class PutPositionDto {
  @ApiProperty({ minimum: 0, maximum: POSITION_SECONDS_MAX })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'seconds must be a number' })
  @Min(0, { message: 'seconds must be 0 or more' })
  @Max(POSITION_SECONDS_MAX, { message: `seconds must be at most ${POSITION_SECONDS_MAX}` })
  seconds: number;

  @ApiPropertyOptional({ minimum: 0, maximum: MEDIA_INDEX_MAX, default: 0 })
  @IsOptional()
  @IsInt({ message: 'video must be a whole number' })
  @Min(0, { message: 'video must be 0 or more' })
  @Max(MEDIA_INDEX_MAX, { message: `video must be at most ${MEDIA_INDEX_MAX}` })
  video?: number;
}

/** PUT /learning/practice-preferences */
export class PracticePreferencesDto {
  @ApiProperty({ enum: PRACTICE_SPEEDS })
  @IsIn(PRACTICE_SPEEDS, { message: `speed must be one of ${PRACTICE_SPEEDS.join(', ')}` })
  speed: PracticeSpeed;

  @ApiProperty()
  @IsBoolean({ message: 'mirror must be true or false' })
  mirror: boolean;

  @ApiProperty({ enum: PRACTICE_COUNTDOWNS })
  @IsIn(PRACTICE_COUNTDOWNS, {
    message: `countdown must be one of ${PRACTICE_COUNTDOWNS.join(', ')}`,
  })
  countdown: PracticeCountdown;

  @ApiProperty({ enum: CAMERA_DELAYS })
  @IsIn(CAMERA_DELAYS, { message: `cameraDelay must be one of ${CAMERA_DELAYS.join(', ')}` })
  cameraDelay: CameraDelay;
}

/** POST /learning/practice-log */
export class PostPracticeLogDto {
  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;

  @ApiProperty({ minimum: PRACTICE_MINUTES_MIN, maximum: PRACTICE_MINUTES_MAX })
  @IsInt({ message: 'minutes must be a whole number' })
  @Min(PRACTICE_MINUTES_MIN, { message: `minutes must be at least ${PRACTICE_MINUTES_MIN}` })
  @Max(PRACTICE_MINUTES_MAX, { message: `minutes must be at most ${PRACTICE_MINUTES_MAX}` })
  minutes: number;

  @ApiPropertyOptional({ format: 'date', description: "the student's local date" })
  @IsOptional()
  @IsCalendarDay()
  day?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "the client's key of the entry: sent again (a queue replayed once the network is back), it is written once",
  })
  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'idempotencyKey must be a valid id' })
  idempotencyKey?: string;
}

/** GET /learning/practice-log?classId=&today= */
export class PracticeLogQueryDto {
  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId?: string;

  @IsOptional()
  @IsCalendarDay()
  today?: string;
}
