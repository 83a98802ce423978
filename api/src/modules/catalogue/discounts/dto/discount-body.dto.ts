import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsUUID,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ITEM_TYPES } from '@circo/shared-contracts';
import {
  LocalizedOrPlainTextField,
  OptionalLocalizedOrPlainTextField,
  RICH_TEXT_MAX,
} from '../../../../common/dto/localized-fields.js';
import { DISCOUNT_TYPES } from '../../../../database/tables/discounts.table.js';
import { IsDayOrInstant } from '../../../../common/date-fields.js';
import { CanonicalId, IsNameWithoutBidi } from '../../../../common/validators.js';

/** A number or a numeric string (the shared rule judges blank, negative and over 100). */
const IsNumberLike = () =>
  ValidateBy(
    {
      name: 'isNumberLike',
      validator: {
        validate: (v) =>
          v === undefined ||
          v === null ||
          (typeof v === 'number' && Number.isFinite(v)) ||
          (typeof v === 'string' && v.length <= 32),
      },
    },
    { message: ({ property }) => `${property} must be a number` },
  );

export class DiscountTargetDto {
  @ApiProperty()
  @CanonicalId()
  @IsUUID()
  _id!: string;

  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @IsOptional()
  @IsIn(ITEM_TYPES)
  itemType?: 'course' | 'formation';

  @ApiPropertyOptional({ description: 'ignored (the server reads the title)' })
  @IsOptional()
  title?: unknown;
}

/** POST /discounts and PUT /discounts/{id}. Amount in USD. */
export class DiscountBodyDto {
  /** Per language, or (the spec's contract) a plain string meaning Spanish. */
  @LocalizedOrPlainTextField()
  @IsNameWithoutBidi()
  name!: string | Record<string, string | null>;

  @OptionalLocalizedOrPlainTextField(RICH_TEXT_MAX)
  description?: string | Record<string, string | null>;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 100 })
  @IsNumberLike()
  percentage?: number | string;

  @ApiPropertyOptional({ type: Number, minimum: 0, description: 'USD' })
  @IsNumberLike()
  amount?: number | string;

  @ApiProperty({ example: '2030-01-01' })
  @IsDayOrInstant({ blankOk: true })
  startDate!: string;

  @ApiProperty({ example: '2030-01-31' })
  @IsDayOrInstant({ blankOk: true })
  endDate!: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ enum: DISCOUNT_TYPES, default: 'course' })
  @IsOptional()
  @IsIn(DISCOUNT_TYPES)
  type?: (typeof DISCOUNT_TYPES)[number];

  @ApiProperty({ type: [DiscountTargetDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => DiscountTargetDto)
  targetItems!: DiscountTargetDto[];
}
