import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  DRAWING_KINDS,
  DRAWING_MAX_SHAPES,
  LANGUAGES,
  PRACTICE_CLIP_SOURCES,
  PRACTICE_CLIP_STATUSES,
  PRACTICE_COMMENT_MAX,
  PRACTICE_NOTE_MAX,
  type DrawingShape,
  type Lang,
  type PracticeClipSource,
  type PracticeClipStatus,
} from '@circo/shared-contracts';
import { CanonicalId } from '../../../common/validators.js';

/** /practice/clips/{id} and /admin/practice/clips/{id} */
export class ClipIdParamDto {
  @CanonicalId()
  @IsUUID('all', { message: 'id must be a valid id' })
  id: string;
}

/** /admin/practice/clips/{id}/comments/{commentId} */
export class CommentIdParamDto extends ClipIdParamDto {
  @CanonicalId()
  @IsUUID('all', { message: 'commentId must be a valid id' })
  commentId: string;
}

/** GET /practice/clips?classId= */
export class ClipsQueryDto {
  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId?: string;
}

/** The text fields of POST /practice/clips (multipart, beside the `file`). */
export class ClipFieldsDto {
  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;

  @ApiPropertyOptional({ maxLength: PRACTICE_NOTE_MAX })
  @IsOptional()
  @IsString({ message: 'note must be a text' })
  @MaxLength(PRACTICE_NOTE_MAX, { message: `note must be at most ${PRACTICE_NOTE_MAX} characters` })
  note?: string;

  @ApiPropertyOptional({ enum: PRACTICE_CLIP_SOURCES, default: 'file' })
  @IsOptional()
  @IsIn(PRACTICE_CLIP_SOURCES, { message: 'source must be file or recording' })
  source?: PracticeClipSource;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: "the student's language (the answer's e-mail)",
  })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Lang;
}

/** GET /admin/practice/clips?status=&page= */
export class AdminClipsQueryDto {
  @IsOptional()
  @IsIn(PRACTICE_CLIP_STATUSES, { message: 'status must be pending or answered' })
  status?: PracticeClipStatus;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(10_000, { message: 'page must be at most 10000' })
  page?: number;

  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'studentId must be a valid id' })
  studentId?: string;
}

class DrawingShapeDoc {
  @ApiProperty({ enum: DRAWING_KINDS })
  kind: string;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'array',
      items: { type: 'number', minimum: 0, maximum: 1 },
      minItems: 2,
      maxItems: 2,
    },
    maxItems: 3,
    description:
      'frame coordinates 0-1: line/arrow [from, to], circle [centre, edge], angle [end, vertex, end]',
  })
  points: number[][];
}

/**
 * POST /admin/practice/clips/{id}/comments. The drawing's shapes are checked by the shared rule
 * (drawingProblem: known kinds, point counts, inside the frame) so that a point outside the frame
 * gets its own code.
 */
export class CommentBodyDto {
  @ApiProperty({ minimum: 0, description: "seconds into the clip (within the clip's duration)" })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'atSeconds must be a number' })
  @Min(0, { message: 'atSeconds must be 0 or more' })
  @Max(86_400, { message: 'atSeconds must be at most 86400' })
  atSeconds: number;

  @ApiPropertyOptional({ maxLength: PRACTICE_COMMENT_MAX })
  @IsOptional()
  @IsString({ message: 'text must be a text' })
  @MaxLength(PRACTICE_COMMENT_MAX, {
    message: `text must be at most ${PRACTICE_COMMENT_MAX} characters`,
  })
  text?: string;

  @ApiPropertyOptional({ type: [DrawingShapeDoc], maxItems: DRAWING_MAX_SHAPES })
  @IsOptional()
  @IsArray({ message: 'drawing must be a list of shapes' })
  @ArrayMaxSize(DRAWING_MAX_SHAPES, {
    message: `drawing may hold at most ${DRAWING_MAX_SHAPES} shapes`,
  })
  drawing?: DrawingShape[];
}

/** PATCH /admin/practice/clips/{id} */
export class PatchClipDto {
  @ApiProperty({ enum: PRACTICE_CLIP_STATUSES })
  @IsIn(PRACTICE_CLIP_STATUSES, { message: 'status must be pending or answered' })
  status: PracticeClipStatus;
}
