import { Global, Module } from '@nestjs/common';
import { JobsController } from './jobs.controller.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';

/** The durable jobs, for every module: `JobsService.enqueue` in a transaction, `register` a handler. */
@Global()
@Module({
  controllers: [JobsController],
  providers: [JobsRepository, JobsService],
  exports: [JobsService],
})
export class JobsModule {}
