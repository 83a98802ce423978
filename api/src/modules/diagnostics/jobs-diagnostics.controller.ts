import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DIAGNOSTICS_ERRORS, type JobsDiagnostics } from '@circo/shared-contracts';
import { JobsService } from '../jobs/index.js';
import { notFound } from '../../common/errors/app-error.js';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth } from '../auth/index.js';

/** How many dead jobs the diagnostics list (newest first). */
const DEAD_SHOWN = 50;

/** The admin's view of the durable jobs: counts by state and the dead-lettered ones. */
@ApiTags('admin')
@Controller('admin/diagnostics/jobs')
export class JobsDiagnosticsController {
  constructor(private readonly jobs: JobsService) {}

  /** The background jobs: counts by state and the dead ones with their last error. */
  @Get()
  @Auth('admin')
  @Header('Cache-Control', 'no-store')
  diagnostics(): Promise<JobsDiagnostics> {
    return this.jobs.diagnostics(DEAD_SHOWN);
  }

  /** Puts a dead job back to pending with fresh attempts (after the cause is fixed). */
  @Post(':id/retry')
  @HttpCode(200)
  @Auth('admin')
  async retry(@Param('id', UuidPipe) id: string): Promise<{ retried: true }> {
    if (!(await this.jobs.retryDead(id))) {
      throw notFound(DIAGNOSTICS_ERRORS.jobNotFound, 'No dead job with this id');
    }
    return { retried: true };
  }
}
