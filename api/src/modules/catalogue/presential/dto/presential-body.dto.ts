import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import {
  LocalizedTextField,
  RICH_TEXT_MAX,
  isSafeUrl,
} from '../../../../common/dto/localized-fields.js';
import {
  PRESENTIAL_DATE_TYPES,
  type PresentialDateType,
} from '../../../../database/tables/presential.table.js';

/** A calendar date 'YYYY-MM-DD' (or nothing: the shared rule says when one is required). */
const IsCalendarDate = () =>
  ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (v) =>
          v === undefined ||
          v === null ||
          v === '' ||
          (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
      },
    },
    { message: ({ property }) => `${property} must be a date (YYYY-MM-DD)` },
  );

export class DateRangeDto {
  @ApiPropertyOptional({ example: '2030-03-01' })
  @IsCalendarDate()
  start?: string | null;

  @ApiPropertyOptional({ example: '2030-03-03' })
  @IsCalendarDate()
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
  @IsCalendarDate()
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
