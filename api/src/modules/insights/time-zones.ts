import { Injectable, Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { Repository } from '../../database/transactions.js';

/** The code of a refused zone, as the validation pipe writes its field errors. */
export const TIME_ZONE_CODE = 'isTimeZone';

/**
 * The time zone names the sales stats take: those PostgreSQL lists in `pg_timezone_names` and
 * reads with the same meaning as the browsers' tz database. Left out: names PostgreSQL reads
 * first as a fixed-offset abbreviation (CET, EST, IST... `pg_timezone_abbrevs`; UTC is kept, it
 * means the same either way), its `posix/` and `right/` copies, and names this runtime's Intl does
 * not know. Java's three-letter ids (AET, AGT...) and names the tz database dropped
 * (US/Pacific-New) are in neither list.
 */
@Injectable()
export class TimeZonesRepository extends Repository {
  async names(): Promise<string[]> {
    const result = (await this.db.execute(sql`
      select n.name from pg_timezone_names n
      where n.name not like 'posix/%' and n.name not like 'right/%'
        and n.name not in ('posixrules', 'localtime', 'Factory')
        and (n.name = 'UTC' or not exists (
          select 1 from pg_timezone_abbrevs a where lower(a.abbrev) = lower(n.name)))`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    return result.rows.map((r) => r.name);
  }
}

const knownToIntl = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/**
 * The list, read from the database once (on the first request that needs it: reading it costs
 * PostgreSQL a walk over its zone files, about 1 s on a busy machine) and kept for the process.
 * A failed read is not kept: the next request reads again.
 */
@Injectable()
export class TimeZones {
  private readonly logger = new Logger('TimeZones');
  private list: Promise<ReadonlySet<string>> | null = null;

  constructor(private readonly repo: TimeZonesRepository) {}

  private names(): Promise<ReadonlySet<string>> {
    this.list ??= this.repo.names().then(
      (names) => {
        const set = new Set(names.filter(knownToIntl));
        this.logger.log(`${set.size} time zone names read from the database`);
        return set;
      },
      (err: unknown) => {
        this.list = null;
        throw err;
      },
    );
    return this.list;
  }

  /** Throws a 400 (field tz) unless `tz` is a name of the list, written as the list writes it. */
  async assertKnown(tz: string): Promise<void> {
    if ((await this.names()).has(tz)) return;
    const message =
      'tz must be a time zone name such as Europe/Madrid that PostgreSQL reads the same way ' +
      '(abbreviations such as IST or CET mean something else there: use Asia/Kolkata, Europe/Paris)';
    throw new AppError(400, COMMON_ERRORS.validation, message, {
      errors: [{ field: 'tz', code: TIME_ZONE_CODE, message }],
    });
  }
}
