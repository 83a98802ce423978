import { SetMetadata } from '@nestjs/common';

/** Where `@JobHandler` writes the kind on a method. */
export const JOB_KIND = Symbol('job kind');

/**
 * Makes a provider's method the handler of the durable jobs of `kind`: it is given the job's
 * payload and context (`JobRun`) and is registered with JobsService when
 * the application starts (JobHandlerExplorer).
 */
export const JobHandler = (kind: string): MethodDecorator => SetMetadata(JOB_KIND, kind);
