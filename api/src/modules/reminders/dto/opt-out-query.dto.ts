import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import { CanonicalId } from '../../../common/validators.js';

/** ?u=<user id>&s=<signature>&lang= of a reminder's opt-out link. */
export class OptOutQueryDto {
  @ApiProperty()
  @CanonicalId()
  @IsUUID('all', { message: 'u must be an id' })
  u!: string;

  @ApiProperty()
  @IsString()
  @MaxLength(100)
  s!: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Lang;
}
