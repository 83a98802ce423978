import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JOB_KIND } from './job-handler.js';
import { JobsService, type JobRun } from './jobs.service.js';

/**
 * Registers every `@JobHandler` method of the application's providers with JobsService, once
 * they are all built and before the worker claims its first job.
 */
@Injectable()
export class JobHandlerExplorer implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance) as Record<string, JobRun>;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const kind = this.reflector.get<string | undefined>(JOB_KIND, proto[name]);
        if (kind)
          this.jobs.register(kind, (payload, job) => proto[name].call(instance, payload, job));
      }
    }
  }
}
