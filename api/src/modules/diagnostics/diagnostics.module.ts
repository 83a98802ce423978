import { Module } from '@nestjs/common';
import { JobsDiagnosticsController } from './jobs-diagnostics.controller.js';

/** What the admin sees of the platform's own health: the durable jobs (common/jobs). */
@Module({ controllers: [JobsDiagnosticsController] })
export class DiagnosticsModule {}
