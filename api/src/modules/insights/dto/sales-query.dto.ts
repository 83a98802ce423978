import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { isCalendarDay, STATS_GROUPS, type StatsGroup } from '@circo/shared-contracts';

const IsCalendarDay = () =>
  ValidateBy(
    { name: 'isCalendarDay', validator: { validate: (v) => isCalendarDay(v) } },
    { message: ({ property }) => `${property} must be a day written YYYY-MM-DD` },
  );

/** An IANA time zone name the runtime knows (and so does PostgreSQL: both read the tz database). */
export function isTimeZone(v: unknown): boolean {
  if (typeof v !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(v)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/** GET /admin/stats/sales (and .csv). */
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

  @ApiPropertyOptional({ example: 'America/Argentina/Buenos_Aires', default: 'UTC' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @ValidateBy(
    { name: 'isTimeZone', validator: { validate: (v) => isTimeZone(v) } },
    { message: 'tz must be a time zone name such as Europe/Madrid' },
  )
  tz: string = 'UTC';
}
