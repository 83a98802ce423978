import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import { CanonicalId } from '../../../common/validators.js';

export class ProgressDto {
  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: 'the language the student follows the item in (its certificate is in it)',
  })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'lang must be one of es, en, fr' })
  lang?: Lang;
}
