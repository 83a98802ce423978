import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHandlerExplorer } from './job-handler.explorer.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';

/**
 * The durable jobs, for every module: `JobsService.enqueue` in a transaction; a provider's
 * method marked `@JobHandler(kind)` runs the jobs of that kind.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobsRepository, JobsService, JobHandlerExplorer],
  exports: [JobsService],
})
export class JobsModule {}
