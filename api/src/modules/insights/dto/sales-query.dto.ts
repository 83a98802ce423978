import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { STATS_GROUPS, type Lang, type StatsGroup } from '@circo/shared-contracts';
import { IsCalendarDay } from '../../../common/date-fields.js';
import { CsvLang } from './csv-lang.js';

const TZ_MESSAGE = 'tz must be a time zone name such as Europe/Madrid';

/**
 * GET /admin/stats/sales (and .csv). The time zone's spelling is checked here; whether PostgreSQL
 * reads it as the browsers do, by the service (TimeZones: the list comes from the database).
 */
export class SalesQueryDto {
  @ApiProperty({ example: '2026-03-01', description: 'first day, in tz' })
  @IsCalendarDay()
  from!: string;

  @ApiProperty({ example: '2026-03-31', description: 'last day (included), in tz' })
  @IsCalendarDay()
  to!: string;

  @ApiPropertyOptional({ enum: STATS_GROUPS, default: 'day' })
  @IsOptional()
  @IsIn(STATS_GROUPS, { message: 'groupBy must be day, week or month' })
  groupBy: StatsGroup = 'day';

  @ApiPropertyOptional({
    example: 'America/Argentina/Buenos_Aires',
    default: 'UTC',
    description:
      'an IANA name that PostgreSQL reads the same way (not an abbreviation such as IST)',
  })
  @IsOptional()
  @IsString({ message: TZ_MESSAGE })
  @MaxLength(64, { message: TZ_MESSAGE })
  @Matches(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { message: TZ_MESSAGE })
  tz: string = 'UTC';

  @CsvLang()
  lang: Lang = 'es';
}
