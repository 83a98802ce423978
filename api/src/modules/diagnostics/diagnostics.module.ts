import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { JobsDiagnosticsController } from './jobs-diagnostics.controller.js';
import { RuntimeDiagnosticsController } from './runtime-diagnostics.controller.js';

/**
 * What the admin sees of the platform's own health: the durable jobs (common/jobs), and where an
 * instance's time goes (hashing threads, database pool, event loop).
 */
@Module({
  imports: [UsersModule],
  controllers: [JobsDiagnosticsController, RuntimeDiagnosticsController],
})
export class DiagnosticsModule {}
