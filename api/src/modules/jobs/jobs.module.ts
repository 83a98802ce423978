import { Global, Module } from '@nestjs/common';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';

/** The durable jobs, for every module: `JobsService.enqueue` in a transaction, `register` a handler. */
@Global()
@Module({
  providers: [JobsRepository, JobsService],
  exports: [JobsService],
})
export class JobsModule {}
