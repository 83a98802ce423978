import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { IsCalendarDay } from '../../../../common/date-fields.js';
import {
  LocalizedTextField,
  RICH_TEXT_MAX,
  isSafeUrl,
} from '../../../../common/dto/localized-fields.js';
import {
  PRESENTIAL_DATE_TYPES,
  type PresentialDateType,
} from '../../../../database/tables/presential.table.js';

export class DateRangeDto {
  @ApiPropertyOptional({ example: '2030-03-01' })
  @IsCalendarDay({ blankOk: true })
  start?: string | null;

  @ApiPropertyOptional({ example: '2030-03-03' })
  @IsCalendarDay({ blankOk: true })
  end?: string | null;
}

/** POST /presential-formations and PUT /presential-formations/{id}. */
export class PresentialBodyDto {
  @LocalizedTextField()
  title!: Record<string, string | null>;

  @LocalizedTextField(RICH_TEXT_MAX)
  description!: Record<string, string | null>;

  @LocalizedTextField()
  location!: Record<string, string | null>;

  @ApiProperty({ enum: PRESENTIAL_DATE_TYPES })
  @IsIn(PRESENTIAL_DATE_TYPES)
  dateType!: PresentialDateType;

  @ApiPropertyOptional({ example: '2030-03-01' })
  @IsCalendarDay({ blankOk: true })
  singleDate?: string | null;

  @ApiPropertyOptional({ type: DateRangeDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeDto)
  dateRange?: DateRangeDto | null;

  @ApiPropertyOptional({ example: '10:00 a 14:00' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  time?: string;

  @ApiPropertyOptional({ example: 'https://forms.example.com/inscripcion' })
  @IsOptional()
  @ValidateBy(
    { name: 'isSafeUrl', validator: { validate: isSafeUrl } },
    { message: 'registrationLink must be an http(s) URL' },
  )
  registrationLink?: string;
}
