import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DIAGNOSTICS_ERRORS, type JobsDiagnostics } from '@circo/shared-contracts';
import { Auth } from '../../modules/auth/auth.decorators.js';
import { notFound } from '../errors/app-error.js';
import { UuidPipe } from '../pipes/uuid.pipe.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';

/** How many dead jobs the diagnostics list (newest first). */
const DEAD_SHOWN = 50;

/** The admin's view of the durable jobs: counts by state and the dead-lettered ones. */
@ApiTags('admin')
@Controller('admin/diagnostics/jobs')
export class JobsController {
  constructor(
    private readonly repo: JobsRepository,
    private readonly jobs: JobsService,
  ) {}

  @Get()
  @Auth('admin')
  @Header('Cache-Control', 'no-store')
  async diagnostics(): Promise<JobsDiagnostics> {
    const [counts, dead] = await Promise.all([
      this.repo.countsByStatus(),
      this.repo.dead(DEAD_SHOWN),
    ]);
    return {
      counts,
      dead: dead.map((j) => ({
        _id: j.id,
        kind: j.kind,
        key: j.key,
        attempts: j.attempts,
        lastError: j.lastError,
        createdAt: j.createdAt.toISOString(),
        failedAt: j.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Puts a dead job back to pending with fresh attempts (after the cause is fixed). */
  @Post(':id/retry')
  @HttpCode(200)
  @Auth('admin')
  async retry(@Param('id', UuidPipe) id: string): Promise<{ retried: true }> {
    if (!(await this.repo.revive(id))) {
      throw notFound(DIAGNOSTICS_ERRORS.jobNotFound, 'No dead job with this id');
    }
    this.jobs.kick();
    return { retried: true };
  }
}
