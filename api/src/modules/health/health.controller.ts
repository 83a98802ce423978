import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { sql } from 'drizzle-orm';
import { HEALTH_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { SearchIndexService, type SearchIndexStatus } from '../catalogue/index.js';
import { DB, type Database } from '../../database/database.js';

export interface HealthAnswer {
  status: 'ok';
  database: 'up';
  uptime: number;
  /** the in-memory search: whether a build runs, and what it holds */
  searchIndex: SearchIndexStatus;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly searchIndex: SearchIndexService,
  ) {}

  /** 200 `{ status: 'ok', database: 'up' }` after a `select 1`; 503 `health.database_down` otherwise. */
  @Get()
  @Header('Cache-Control', 'no-store')
  async health(): Promise<HealthAnswer> {
    try {
      await this.db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, HEALTH_ERRORS.databaseDown, 'The database is not reachable');
    }
    return {
      status: 'ok',
      database: 'up',
      uptime: Math.round(process.uptime()),
      searchIndex: this.searchIndex.status(),
    };
  }
}
