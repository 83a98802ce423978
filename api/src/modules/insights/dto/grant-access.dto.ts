import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  GRANT_MONTHS_MAX,
  GRANT_REASONS,
  ITEM_TYPES,
  type GrantReason,
} from '@circo/shared-contracts';
import { IsInstant } from '../../../common/date-fields.js';
import { CanonicalId, IsPlainText, Trim } from '../../../common/validators.js';

/** POST /admin/students/{id}/access: exactly one of months and until (the service checks). */
export class GrantAccessDto {
  @ApiProperty({ enum: ITEM_TYPES })
  @IsIn(ITEM_TYPES, { message: 'itemType must be course or formation' })
  itemType!: 'course' | 'formation';

  @ApiProperty()
  @CanonicalId()
  @IsUUID('all', { message: 'itemId must be an id' })
  itemId!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: GRANT_MONTHS_MAX })
  @IsOptional()
  @IsInt({ message: 'months must be a whole number' })
  @Min(1, { message: 'months must be at least 1' })
  @Max(GRANT_MONTHS_MAX, { message: `months must be at most ${GRANT_MONTHS_MAX}` })
  months?: number;

  @ApiPropertyOptional({ example: '2026-12-31T23:59:59.999Z', description: 'end of access' })
  @IsOptional()
  @IsInstant()
  until?: string;

  @ApiProperty({ enum: GRANT_REASONS })
  @IsIn(GRANT_REASONS, { message: 'reason must be scholarship, technical, gift or other' })
  reason!: GrantReason;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsPlainText({ multiline: true })
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  note?: string;
}
